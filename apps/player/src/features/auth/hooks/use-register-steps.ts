import type { RegisterResult } from '@sanam/contract'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { startSession } from '../../../lib/session.ts'
import { useTimeouts } from '../../../lib/use-timeouts.ts'
import { useConfirmOtpMutation } from '../api/confirm-otp.ts'
import { useLoginMutation } from '../api/login.ts'
import { useRegisterMutation } from '../api/register.ts'
import { registerBody, type RegisterValues } from '../components/register-form.tsx'
import type { LoginLocationState } from '../components/login-page.tsx'

/** Spec §9 delays: auto-login 1 s after a registration without SMS; each redirect step 2 s (about 4 s to /login). */
export const AUTO_LOGIN_DELAY_MS = 1000
export const REDIRECT_STEP_MS = 2000
/** The server refuses a new code within 60 s of the last (DESIGN §4). */
const RESEND_WAIT_MS = 60_000

export type RegisterStep = { kind: 'form' } | { kind: 'otp'; token: string; otpRef: string; resendAt: number } | { kind: 'done'; lines: string[] }

/**
 * The registration's steps after the form (spec §4): the SMS code step when the server sent one, else 'registration
 * complete' and an automatic login; confirming the code, or sending it again. The page sends the form itself (it marks
 * the fields the server refused) and hands the answer to `registered`.
 */
export function useRegisterSteps(values: RegisterValues, upline: string | null) {
  const navigate = useNavigate()
  const { mutateAsync: register } = useRegisterMutation()
  const { mutateAsync: confirmOtp } = useConfirmOtpMutation()
  const { mutateAsync: login } = useLoginMutation()
  const { showToast } = useToast()
  const schedule = useTimeouts()
  const [step, setStep] = useState<RegisterStep>({ kind: 'form' })
  const [busy, setBusy] = useState(false)

  function showFailure(error: unknown, fallback: Parameters<typeof errorText>[1]) {
    showToast({ kind: 'error', text: errorText(error, fallback) })
  }

  const otpStep = (result: Extract<RegisterResult, { sms: true }>): RegisterStep => ({
    kind: 'otp',
    token: result.token,
    otpRef: result.otp_ref,
    resendAt: Date.now() + RESEND_WAIT_MS,
  })

  /** The form was accepted: on to the code, or (without SMS) done. */
  function registered(result: RegisterResult) {
    if (result.sms) {
      setStep(otpStep(result))
      setBusy(false)
    } else {
      registeredWithoutSms()
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
      const result = await register(registerBody(values, upline))
      if (result.sms) setStep(otpStep(result))
      else registeredWithoutSms()
    } catch (error) {
      showFailure(error, 'error.generic')
    } finally {
      setBusy(false)
    }
  }

  return {
    step,
    busy,
    setBusy,
    showFailure,
    registered,
    send: () => register(registerBody(values, upline)),
    confirm: handleConfirm,
    resend: handleResend,
    edit: () => setStep({ kind: 'form' }),
  }
}
