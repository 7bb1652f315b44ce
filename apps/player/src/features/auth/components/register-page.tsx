import type { RegisterBody } from '@sanam/contract'
import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { FormError, SubmitButton } from '../../../components/form/form-actions.tsx'
import { PasswordField, TextField } from '../../../components/form/text-field.tsx'
import { BankIcon, CheckIcon, TicketIcon, UserIcon } from '../../../components/icons.tsx'
import { ResponsiblePlayNote } from '../../../components/responsible-play-note.tsx'
import { Spinner } from '../../../components/spinner.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { startSession } from '../../../lib/session.ts'
import { useTimeouts } from '../../../lib/use-timeouts.ts'
import { useConfirmOtpMutation } from '../api/confirm-otp.ts'
import { useLoginMutation } from '../api/login.ts'
import { useRegisterMutation } from '../api/register.ts'
import { BankPicker } from './bank-picker.tsx'
import type { LoginLocationState } from './login-page.tsx'
import { OtpStep } from './otp-step.tsx'
import { digitsOnly, isPasswordShort, validateRegister } from '../validation.ts'
import { MobileField } from './mobile-field.tsx'
import '../auth.css'

/** Spec §9 delays: auto-login 1 s after a registration without SMS; each redirect step 2 s (about 4 s to /login). */
export const AUTO_LOGIN_DELAY_MS = 1000
export const REDIRECT_STEP_MS = 2000
/** The server refuses a new code within 60 s of the last (DESIGN §4). */
const RESEND_WAIT_MS = 60_000

type Step = { kind: 'form' } | { kind: 'otp'; token: string; otpRef: string; resendAt: number } | { kind: 'done'; lines: string[] }

interface Values {
  mobile: string
  password: string
  firstname: string
  surname: string
  bankCode: string
  bankAccount: string
  inviteCode: string
  /** The player says they are 20 or older (issue 21 §3). */
  adult: boolean
  /** The player accepts the site's terms and conditions. */
  acceptTerms: boolean
}

type FieldName = 'mobile' | 'password' | 'firstname' | 'surname' | 'bank_code' | 'bank_account' | 'invite_code' | 'upid' | 'adult' | 'accept_terms'

/**
 * Spec §2 Register, two steps. `invite_code` and `u` (upline id) from the query pre-fill and lock their inputs;
 * with `u` the upline field replaces the referral field. Step 2 confirms the SMS OTP; without SMS the player is
 * logged in automatically (spec §4). The player confirms being 20 or older and accepts the site's terms (`termsUrl`,
 * linked when the operator set one) before the form is sent (issue 21 §3).
 */
export function RegisterPage({ termsUrl, responsiblePlayUrl }: { termsUrl?: string | undefined; responsiblePlayUrl?: string | undefined } = {}) {
  const navigate = useNavigate()
  const { mutateAsync: register } = useRegisterMutation()
  const { mutateAsync: confirmOtp } = useConfirmOtpMutation()
  const { mutateAsync: login } = useLoginMutation()
  const { showToast } = useToast()
  const schedule = useTimeouts()
  const [params] = useSearchParams()
  const linkedInvite = params.get('invite_code')?.trim() || null
  const upline = params.get('u')?.trim() || null

  const [values, setValues] = useState<Values>({
    mobile: '',
    password: '',
    firstname: '',
    surname: '',
    bankCode: '',
    bankAccount: '',
    inviteCode: linkedInvite ?? '',
    adult: false,
    acceptTerms: false,
  })
  const [step, setStep] = useState<Step>({ kind: 'form' })
  const [busy, setBusy] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({})
  const passwordInput = useRef<HTMLInputElement>(null)

  function change<K extends keyof Values>(key: K, value: Values[K], field: FieldName) {
    setValues((current) => ({ ...current, [key]: value }))
    setFormError(null)
    setFieldErrors(({ [field]: _dropped, ...rest }) => rest)
  }

  function body(): RegisterBody {
    // validateRegister refuses the form until both boxes are ticked; the contract takes nothing but `true` for them.
    if (!values.adult || !values.acceptTerms) throw new Error('the registration was sent without both confirmations')
    return {
      mobile: values.mobile,
      password: values.password,
      firstname: values.firstname.trim(),
      surname: values.surname.trim(),
      bank_account: values.bankAccount,
      bank_code: values.bankCode,
      invite_code: values.inviteCode.trim() || undefined,
      upid: upline ?? undefined,
      adult: true,
      accept_terms: true,
    }
  }

  function showFailure(error: unknown, fallback: Parameters<typeof errorText>[1]) {
    showToast({ kind: 'error', text: errorText(error, fallback) })
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const problem = validateRegister(values)
    if (problem === 'register.passwordShort') {
      // Already said inline under the field (spec §5); take the player there.
      passwordInput.current?.focus()
      return
    }
    if (problem) {
      setFormError(t(problem))
      return
    }
    setFormError(null)
    setBusy(true)
    try {
      const result = await register(body())
      if (result.sms) {
        setStep({ kind: 'otp', token: result.token, otpRef: result.otp_ref, resendAt: Date.now() + RESEND_WAIT_MS })
        setBusy(false)
      } else {
        registeredWithoutSms()
      }
    } catch (error) {
      setBusy(false)
      if (error instanceof ApiError) {
        const marked: Partial<Record<FieldName, string>> = {}
        for (const item of error.fieldErrors) marked[item.path as FieldName] ??= item.message
        // Spec §8: HTTP 410 marks the account number field.
        if (error.status === 410) marked.bank_account = error.serverMessage ?? t('register.bankAccountTaken')
        setFieldErrors(marked)
      }
      showFailure(error, 'error.generic')
    }
  }

  /** Spec §4: 'registration complete', then after 1 s an automatic login. */
  function registeredWithoutSms() {
    showToast({ kind: 'success', text: t('toast.registered') })
    setStep({ kind: 'done', lines: [t('toast.registered'), t('toast.autoLogin')] })
    schedule(() => {
      showToast({ kind: 'success', text: t('toast.autoLogin') })
      login({ mobile: values.mobile, password: values.password }).then(
        ({ token, ...user }) => {
          startSession(token, user)
          void navigate('/', { replace: true })
        },
        (error: unknown) => {
          showFailure(error, 'error.loginInRegistration')
          void navigate('/login', { replace: true, state: { mobile: values.mobile } satisfies LoginLocationState })
        },
      )
    }, AUTO_LOGIN_DELAY_MS)
  }

  async function handleConfirm(code: string) {
    if (step.kind !== 'otp') return
    setBusy(true)
    try {
      await confirmOtp({ mobile: values.mobile, token: step.token, otp_code: code })
      // Spec §4: the messages, then /login after about 4 s.
      showToast({ kind: 'success', text: t('toast.otpOk') })
      setStep({ kind: 'done', lines: [t('toast.otpOk'), t('toast.toLogin')] })
      schedule(() => showToast({ kind: 'success', text: t('toast.toLogin') }), REDIRECT_STEP_MS)
      schedule(() => void navigate('/login', { replace: true, state: { mobile: values.mobile } satisfies LoginLocationState }), 2 * REDIRECT_STEP_MS)
    } catch (error) {
      setBusy(false)
      showFailure(error, 'error.otp')
    }
  }

  async function handleResend() {
    setBusy(true)
    try {
      const result = await register(body())
      if (result.sms) setStep({ kind: 'otp', token: result.token, otpRef: result.otp_ref, resendAt: Date.now() + RESEND_WAIT_MS })
      else registeredWithoutSms()
    } catch (error) {
      showFailure(error, 'error.generic')
    } finally {
      setBusy(false)
    }
  }

  const stepNumber = step.kind === 'form' ? 1 : 2
  const passwordShort = isPasswordShort(values.password)

  return (
    <div className="auth">
      <section className="card auth__card" aria-labelledby="register-title">
        <header className="auth__header">
          <h1 id="register-title" className="auth__title">
            {step.kind === 'form' ? t('action.register') : t('otp.title')}
          </h1>
          <p className="auth__subtitle">{t('register.step', { n: stepNumber })}</p>
          <ol className="steps">
            <li
              className={`steps__item${stepNumber === 1 ? ' steps__item--current' : ' steps__item--done'}`}
              aria-current={stepNumber === 1 ? 'step' : undefined}
            >
              <span className="steps__dot">{stepNumber > 1 ? <CheckIcon /> : '1'}</span>
              {t('register.stepInfo')}
            </li>
            <li className={`steps__item${stepNumber === 2 ? ' steps__item--current' : ''}`} aria-current={stepNumber === 2 ? 'step' : undefined}>
              <span className="steps__dot">2</span>
              {t('register.stepOtp')}
            </li>
          </ol>
        </header>

        {step.kind === 'form' && (
          <form className="auth__form" method="post" action="/register" noValidate onSubmit={(event) => void handleSubmit(event)}>
            <MobileField value={values.mobile} error={fieldErrors.mobile} onMobile={(typed) => change('mobile', typed, 'mobile')} />
            <PasswordField
              ref={passwordInput}
              label={t('field.password')}
              name="new-password"
              autoComplete="new-password"
              placeholder={t('register.passwordHint')}
              maxLength={72}
              value={values.password}
              error={passwordShort ? t('register.passwordShort') : fieldErrors.password}
              onChange={(event) => change('password', event.target.value, 'password')}
            />
            <div className="field-row">
              <TextField
                label={t('field.firstname')}
                icon={<UserIcon />}
                name="given-name"
                autoComplete="given-name"
                maxLength={100}
                value={values.firstname}
                error={fieldErrors.firstname}
                onChange={(event) => change('firstname', event.target.value, 'firstname')}
              />
              <TextField
                label={t('field.surname')}
                name="family-name"
                autoComplete="family-name"
                maxLength={100}
                value={values.surname}
                error={fieldErrors.surname}
                onChange={(event) => change('surname', event.target.value, 'surname')}
              />
            </div>

            <fieldset className="form-section">
              <legend className="form-section__title">{t('register.bankSection')}</legend>
              <BankPicker value={values.bankCode} error={fieldErrors.bank_code} onChange={(code) => change('bankCode', code, 'bank_code')} />
              <TextField
                label={t('field.bankAccount')}
                icon={<BankIcon />}
                name="bank-account"
                inputMode="numeric"
                autoComplete="off"
                placeholder={t('field.bankAccountPlaceholder')}
                maxLength={15}
                value={values.bankAccount}
                error={fieldErrors.bank_account}
                hint={t('register.bankHint')}
                onChange={(event) => change('bankAccount', digitsOnly(event.target.value, 15), 'bank_account')}
              />
            </fieldset>

            {upline ? (
              <TextField
                label={t('field.upline')}
                icon={<TicketIcon />}
                name="upid"
                value={upline}
                readOnly
                hint={t('register.lockedHint')}
                error={fieldErrors.upid}
              />
            ) : (
              <TextField
                label={t('field.inviteCode')}
                icon={<TicketIcon />}
                name="invite-code"
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={32}
                value={values.inviteCode}
                readOnly={linkedInvite !== null}
                hint={linkedInvite !== null ? t('register.lockedHint') : undefined}
                error={fieldErrors.invite_code}
                onChange={(event) => change('inviteCode', event.target.value, 'invite_code')}
              />
            )}

            <fieldset className="form-section">
              <legend className="visually-hidden">{t('register.consents')}</legend>
              <label className="checkbox">
                <input type="checkbox" name="adult" checked={values.adult} onChange={(event) => change('adult', event.target.checked, 'adult')} />
                <span className="checkbox__box" aria-hidden="true" />
                <span>{t('register.adult')}</span>
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="accept-terms"
                  checked={values.acceptTerms}
                  onChange={(event) => change('acceptTerms', event.target.checked, 'accept_terms')}
                />
                <span className="checkbox__box" aria-hidden="true" />
                <span>
                  {t('register.acceptTerms')}{' '}
                  {termsUrl ? (
                    <a className="responsible-note__link" href={termsUrl} target="_blank" rel="noopener noreferrer">
                      {t('register.terms')}
                      <span className="visually-hidden">{t('state.opensNewWindow')}</span>
                    </a>
                  ) : (
                    t('register.terms')
                  )}
                </span>
              </label>
            </fieldset>

            <FormError message={formError ?? fieldErrors.adult ?? fieldErrors.accept_terms ?? null} />

            <SubmitButton busy={busy}>{t('action.register')}</SubmitButton>
          </form>
        )}

        {step.kind === 'otp' && (
          <OtpStep
            key={step.otpRef}
            mobile={values.mobile}
            otpRef={step.otpRef}
            resendAt={step.resendAt}
            busy={busy}
            onConfirm={(code) => void handleConfirm(code)}
            onResend={() => void handleResend()}
            onEdit={() => setStep({ kind: 'form' })}
          />
        )}

        {step.kind === 'done' && (
          <div className="auth__done" role="status">
            <span className="auth__done-icon icon-badge">
              <CheckIcon />
            </span>
            {step.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <Spinner size={28} />
          </div>
        )}

        {step.kind === 'form' && (
          <>
            <div className="auth__divider" aria-hidden="true" />
            <p className="auth__switch">
              {t('register.haveAccount')}{' '}
              <Link className="text-link" to="/login">
                {t('action.login')}
              </Link>
            </p>
          </>
        )}
      </section>
      <ResponsiblePlayNote helpUrl={responsiblePlayUrl} />
    </div>
  )
}
