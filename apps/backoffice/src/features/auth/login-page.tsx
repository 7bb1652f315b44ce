import { useState, type FormEvent } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { ApiError, errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { setToken } from '../../lib/session.ts'
import { useToken } from '../../lib/operator.ts'
import { useLogin, type LoginBody } from './api/login.ts'

/** Username and password; then, for an enrolled operator (the server answers OTP_REQUIRED), the 6-digit code. */
export function LoginPage() {
  const navigate = useNavigate()
  const token = useToken()
  const [askOtp, setAskOtp] = useState(false)
  const [error, setError] = useState<string>()
  const login = useLogin()
  if (token && !login.isPending) return <Navigate to="/" replace />

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const otp = String(form.get('otp') ?? '')
    setError(undefined)
    const body: LoginBody = { username: String(form.get('username')), password: String(form.get('password')), ...(otp ? { otp } : {}) }
    login.mutate(body, {
      onSuccess: (answer) => {
        setToken(answer.token)
        void navigate(answer.must_enroll ? '/enrol' : '/', { replace: true })
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'OTP_REQUIRED') setAskOtp(true)
        setError(errorText(failure))
      },
    })
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
        <label className="field">
          <span className="field__label">{t('login.username')}</span>
          <input className="field__input" name="username" autoComplete="username" required maxLength={64} />
        </label>
        <label className="field">
          <span className="field__label">{t('login.password')}</span>
          <input className="field__input" name="password" type="password" autoComplete="current-password" required maxLength={72} />
        </label>
        {askOtp && (
          <label className="field">
            <span className="field__label">{t('login.otp')}</span>
            <input className="field__input" name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required autoFocus />
          </label>
        )}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button className="button" type="submit" disabled={login.isPending}>
          {login.isPending ? t('login.busy') : t('login.submit')}
        </button>
      </form>
    </main>
  )
}
