import { useEffect, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { FormError, TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { useConfirmTotp } from './api/confirm-totp.ts'
import { useStartTotpEnrolment } from './api/start-totp-enrolment.ts'

/**
 * TOTP enrolment: the server makes a pending secret, the QR of its otpauth:// link is drawn here (no image service),
 * and a code from the app confirms it.
 */
export function EnrolPage() {
  const navigate = useNavigate()
  const toast = useToast()
  const [setup, setSetup] = useState<{ secret: string; qr: string }>()
  const [error, setError] = useState<string>()
  const { mutate: begin } = useStartTotpEnrolment()
  const confirm = useConfirmTotp()
  useEffect(() => begin(undefined, { onSuccess: setSetup, onError: (failure) => setError(errorText(failure)) }), [begin])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(undefined)
    confirm.mutate(
      { otp: String(new FormData(event.currentTarget).get('otp')) },
      {
        onSuccess: ({ message }) => {
          if (message) toast(message)
          void navigate('/', { replace: true })
        },
        onError: (failure) => setError(errorText(failure)),
      },
    )
  }
  return (
    <main className="login">
      <form className="panel form enrol" onSubmit={submit}>
        <h1 className="panel__title">{t('enrol.title')}</h1>
        <p className="muted">{t('enrol.lead')}</p>
        <p>{t('enrol.step1')}</p>
        {setup ? <img className="enrol__qr" src={setup.qr} alt={t('enrol.qrAlt')} width={220} height={220} /> : <p>{t('common.loading')}</p>}
        {setup && (
          <p className="muted">
            {t('enrol.secret')}: <code className="enrol__secret">{setup.secret}</code>
          </p>
        )}
        <TextField label={t('enrol.step2')} name="otp" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required />
        <FormError message={error} />
        <button className="button" type="submit" disabled={!setup || confirm.isPending}>
          {t('enrol.confirm')}
        </button>
      </form>
    </main>
  )
}
