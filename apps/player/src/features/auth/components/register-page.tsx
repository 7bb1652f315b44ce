import { useRef, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ResponsiblePlayNote } from '../../../components/responsible-play-note.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { OtpStep } from './otp-step.tsx'
import { useRegisterSteps } from '../hooks/use-register-steps.ts'
import { RegisterDone, RegisterForm, RegisterSteps, type RegisterFieldName, type RegisterValues } from './register-form.tsx'
import { validateRegister } from '../validation.ts'
import '../auth.css'

/**
 * Spec §2 Register, two steps. `invite_code` and `u` (upline id) from the query pre-fill and lock their inputs;
 * with `u` the upline field replaces the referral field. Step 2 confirms the SMS OTP; without SMS the player is
 * logged in automatically (spec §4). The player confirms being 20 or older and accepts the site's terms (`termsUrl`,
 * linked when the operator set one) before the form is sent (issue 21 §3).
 */
export function RegisterPage({ termsUrl, responsiblePlayUrl }: { termsUrl?: string | undefined; responsiblePlayUrl?: string | undefined } = {}) {
  const [params] = useSearchParams()
  const linkedInvite = params.get('invite_code')?.trim() || null
  const upline = params.get('u')?.trim() || null

  const [values, setValues] = useState<RegisterValues>({
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
  const { step, busy, setBusy, showFailure, registered, send, confirm, resend, edit } = useRegisterSteps(values, upline)
  const [formError, setFormError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<RegisterFieldName, string>>>({})
  const passwordInput = useRef<HTMLInputElement>(null)

  function change<K extends keyof RegisterValues>(key: K, value: RegisterValues[K], field: RegisterFieldName) {
    setValues((current) => ({ ...current, [key]: value }))
    setFormError(null)
    setFieldErrors(({ [field]: _dropped, ...rest }) => rest)
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
      registered(await send())
    } catch (error) {
      setBusy(false)
      if (error instanceof ApiError) {
        const marked: Partial<Record<RegisterFieldName, string>> = {}
        for (const item of error.fieldErrors) marked[item.path as RegisterFieldName] ??= item.message
        // Spec §8: HTTP 410 marks the account number field.
        if (error.status === 410) marked.bank_account = error.serverMessage ?? t('register.bankAccountTaken')
        setFieldErrors(marked)
      }
      showFailure(error, 'error.generic')
    }
  }

  const stepNumber = step.kind === 'form' ? 1 : 2

  return (
    <div className="auth">
      <section className="card auth__card" aria-labelledby="register-title">
        <RegisterSteps stepNumber={stepNumber} title={step.kind === 'form' ? t('action.register') : t('otp.title')} />

        {step.kind === 'form' && (
          <RegisterForm
            values={values}
            fieldErrors={fieldErrors}
            formError={formError}
            busy={busy}
            upline={upline}
            linkedInvite={linkedInvite}
            termsUrl={termsUrl}
            passwordInput={passwordInput}
            change={change}
            onSubmit={(event) => void handleSubmit(event)}
          />
        )}

        {step.kind === 'otp' && (
          <OtpStep
            key={step.otpRef}
            mobile={values.mobile}
            otpRef={step.otpRef}
            resendAt={step.resendAt}
            busy={busy}
            onConfirm={(code) => void confirm(code)}
            onResend={() => void resend()}
            onEdit={edit}
          />
        )}

        {step.kind === 'done' && <RegisterDone lines={step.lines} />}

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
