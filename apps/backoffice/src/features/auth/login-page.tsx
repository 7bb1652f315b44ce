import { MIN_OPERATOR_PASSWORD_LENGTH } from '@sanam/contract'
import { useState, type FormEvent } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { FormError, TextField } from '../../components/fields.tsx'
import { ApiError, errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { setToken } from '../../lib/session.ts'
import { useToken } from '../../lib/operator.ts'
import { useLogin, type LoginBody } from './api/login.ts'
import { useRenewPassword } from './api/renew-password.ts'

/**
 * Username, password and the 6-digit code together (the server answers one generic failure for any wrong part, ADR
 * 036). A one-time password from the owner (PASSWORD_CHANGE_REQUIRED) opens the new-password step on the same form.
 */
export function LoginPage() {
  const navigate = useNavigate()
  const token = useToken()
  const [renewing, setRenewing] = useState(false)
  const [error, setError] = useState<string>()
  const login = useLogin()
  const renew = useRenewPassword()
  const busy = login.isPending || renew.isPending
  if (token && !busy) return <Navigate to="/" replace />

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const otp = String(form.get('otp') ?? '')
    const newPassword = String(form.get('new_password') ?? '')
    setError(undefined)
    const credentials: LoginBody = { username: String(form.get('username')), password: String(form.get('password')), ...(otp ? { otp } : {}) }
    const handlers = {
      onSuccess: (answer: { token: string; must_enroll: boolean }) => {
        setToken(answer.token)
        void navigate(answer.must_enroll ? '/enrol' : '/', { replace: true })
      },
      onError: (failure: Error) => {
        if (failure instanceof ApiError && failure.code === 'PASSWORD_CHANGE_REQUIRED') {
          setRenewing(true)
          return
        }
        setError(errorText(failure))
      },
    }
    if (renewing) renew.mutate({ ...credentials, new_password: newPassword }, handlers)
    else login.mutate(credentials, handlers)
  }
  return (
    <main className="login">
      <form className="panel form login__panel" onSubmit={submit}>
        <p className="brand">
          <span className="brand__mark" aria-hidden="true">
            S
          </span>
          {t('app.name')}
        </p>
        <h1 className="panel__title">{t('login.title')}</h1>
        <TextField label={t('login.username')} name="username" autoComplete="username" required maxLength={64} readOnly={renewing} />
        <TextField label={t('login.password')} name="password" type="password" autoComplete="current-password" required maxLength={72} readOnly={renewing} />
        <TextField label={t('login.otp')} name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} hint={t('login.otpHint')} />
        {renewing && (
          <>
            <p className="muted">{t('login.renewLead')}</p>
            <TextField
              label={t('login.newPassword')}
              name="new_password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_OPERATOR_PASSWORD_LENGTH}
              maxLength={72}
              autoFocus
            />
          </>
        )}
        <FormError message={error} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? t('login.busy') : renewing ? t('login.renew') : t('login.submit')}
        </button>
      </form>
    </main>
  )
}
