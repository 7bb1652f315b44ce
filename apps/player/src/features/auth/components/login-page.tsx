import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { FormError, SubmitButton } from '../../../components/form/form-actions.tsx'
import { PasswordField } from '../../../components/form/text-field.tsx'
import { ChatIcon } from '../../../components/icons.tsx'
import { ResponsiblePlayNote } from '../../../components/responsible-play-note.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import type { LoginResult } from '@sanam/contract'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { pathAfterLogin } from '../../../lib/after-login.ts'
import { startSession } from '../../../lib/session.ts'
import { useLoginMutation } from '../api/login.ts'
import { forgetPhone, rememberedPhone, rememberPhone } from '../remember-login.ts'
import { RenewPasswordForm } from './renew-password-form.tsx'
import { validateLogin } from '../validation.ts'
import { MobileField } from './mobile-field.tsx'
import '../auth.css'

/** State another screen may pass when it sends the player here (registration passes the new phone number). */
export interface LoginLocationState {
  mobile?: string
  /** A page to return to after signing in (lib/after-login.ts: the LINE link page). */
  next?: string
}

/**
 * Spec §2 Login: phone, password with show/hide, remember-the-phone (ADR 074), submit, a link to /register and the
 * customer-service link. The logo sits above, in the layout's banner.
 */
export function LoginPage({ supportUrl, responsiblePlayUrl }: { supportUrl: string | undefined; responsiblePlayUrl?: string | undefined }) {
  const navigate = useNavigate()
  const { mutateAsync: login } = useLoginMutation()
  const location = useLocation()
  const { showToast, dismissErrors } = useToast()
  const [remembered] = useState(rememberedPhone)
  const [mobile, setMobile] = useState(() => (location.state as LoginLocationState | null)?.mobile ?? remembered ?? '')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(remembered !== null)
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  /** Set when the password was an operator's temporary one: the server's notice, shown above the new-password form. */
  const [renewNotice, setRenewNotice] = useState<string | null>(null)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const problem = validateLogin({ mobile, password })
    if (problem) {
      setFormError(t(problem))
      return
    }
    setFormError(null)
    setSubmitting(true)
    try {
      await signedIn(await login({ mobile: mobile.trim(), password }))
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PASSWORD_CHANGE_REQUIRED') setRenewNotice(errorText(error, 'error.generic'))
      else showToast({ kind: 'error', text: errorText(error, 'error.generic') })
      setSubmitting(false)
    }
  }

  async function signedIn({ token, ...user }: LoginResult) {
    if (remember) rememberPhone(user.mobile)
    else forgetPhone()
    startSession(token, user)
    // The refusals of the tries before (a wrong password) no longer hold: they do not follow the player to the lobby.
    dismissErrors()
    showToast({ kind: 'success', text: t('toast.loginOk') })
    await navigate(pathAfterLogin(location.state), { replace: true })
  }

  return (
    <div className="auth">
      <section className="card auth__card" aria-labelledby="login-title">
        <header className="auth__header">
          <h1 id="login-title" className="auth__title">
            {t('action.login')}
          </h1>
          <p className="auth__subtitle">{t('login.subtitle')}</p>
        </header>

        {renewNotice !== null ? (
          <RenewPasswordForm mobile={mobile.trim()} temporaryPassword={password} notice={renewNotice} onRenewed={(result) => void signedIn(result)} />
        ) : (
          <form className="auth__form" method="post" action="/login" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <MobileField
              value={mobile}
              onMobile={(typed) => {
                setMobile(typed)
                setFormError(null)
              }}
            />
            <PasswordField
              label={t('field.password')}
              name="password"
              autoComplete="current-password"
              placeholder={t('field.passwordPlaceholder')}
              maxLength={72}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value)
                setFormError(null)
              }}
            />

            <label className="checkbox">
              <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
              <span className="checkbox__box" aria-hidden="true" />
              <span>{t('login.remember')}</span>
            </label>

            <FormError message={formError} />

            <SubmitButton busy={submitting}>{t('action.login')}</SubmitButton>
          </form>
        )}

        <div className="auth__divider" aria-hidden="true" />

        <p className="auth__switch">{t('login.noAccount')}</p>
        <Link className="button button--secondary button--large" to="/register">
          {t('action.register')}
        </Link>
        {supportUrl && (
          <a className="auth__support" href={supportUrl} target="_blank" rel="noopener noreferrer">
            <ChatIcon />
            <span>{t('action.contactSupport')}</span>
            <span className="visually-hidden">{t('state.opensNewWindow')}</span>
          </a>
        )}
      </section>
      <ResponsiblePlayNote helpUrl={responsiblePlayUrl} />
    </div>
  )
}
