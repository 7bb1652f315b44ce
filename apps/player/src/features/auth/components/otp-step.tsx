import { useState, type FormEvent } from 'react'
import { SubmitButton } from '../../../components/form/form-actions.tsx'
import { DigitsField } from './digits-field.tsx'
import { ShieldIcon } from '../../../components/icons.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { useSecondsLeft } from '../hooks/use-seconds-left.ts'
import { OTP_LENGTH, validateOtp } from '../validation.ts'

/** Spec §2 Register step 2: the OTP reference, a 6-character code input and confirm; plus resend and edit. */
export function OtpStep(props: {
  mobile: string
  otpRef: string
  /** When a new code may be asked for (epoch ms): the server refuses a resend within 60 s. */
  resendAt: number
  busy: boolean
  onConfirm: (code: string) => void
  onResend: () => void
  onEdit: () => void
}) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const resendIn = useSecondsLeft(props.resendAt)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (props.busy) return
    const problem = validateOtp(code)
    if (problem) {
      setError(t(problem))
      return
    }
    setError(null)
    props.onConfirm(code)
  }

  return (
    <form className="auth__form" noValidate onSubmit={handleSubmit}>
      <div className="otp-intro">
        <span className="otp-intro__icon icon-badge">
          <ShieldIcon />
        </span>
        <p>{t('otp.sentTo', { mobile: props.mobile })}</p>
        <p className="otp-intro__ref">
          {t('otp.ref')}: <strong data-testid="otp-ref">{props.otpRef}</strong>
        </p>
      </div>
      <DigitsField
        label={t('field.otp')}
        name="otp"
        inputClassName="field__input--otp"
        autoComplete="one-time-code"
        digits={OTP_LENGTH}
        value={code}
        error={error ?? undefined}
        onDigits={(digits) => {
          setCode(digits)
          setError(null)
        }}
      />
      <SubmitButton busy={props.busy}>{t('action.confirm')}</SubmitButton>
      <div className="otp-actions">
        <button type="button" className="link-button" disabled={resendIn > 0 || props.busy} onClick={props.onResend}>
          {resendIn > 0 ? t('otp.resendIn', { n: resendIn }) : t('otp.resend')}
        </button>
        <button type="button" className="link-button" disabled={props.busy} onClick={props.onEdit}>
          {t('otp.editInfo')}
        </button>
      </div>
    </form>
  )
}
