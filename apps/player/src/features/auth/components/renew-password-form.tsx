import type { LoginResult } from '@sanam/contract'
import { useState, type FormEvent } from 'react'
import { FormError, SubmitButton } from '../../../components/form/form-actions.tsx'
import { PasswordField } from '../../../components/form/text-field.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { passwordProblem } from '../../../lib/password-rules.ts'
import { useRenewPasswordMutation } from '../api/renew-password.ts'

/**
 * After an operator reset the player's password, signing in with the temporary one lands here (the server answered
 * PASSWORD_CHANGE_REQUIRED): the player chooses a new password by spec §5's rules and is signed in with it.
 */
export function RenewPasswordForm(props: { mobile: string; temporaryPassword: string; notice: string; onRenewed: (result: LoginResult) => void }) {
  const { mutateAsync: renew, isPending } = useRenewPasswordMutation()
  const [fresh, setFresh] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const fields = { old: props.temporaryPassword, new: fresh, confirm }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = passwordProblem(fields)
    if (found) {
      setProblem(found)
      return
    }
    try {
      props.onRenewed(await renew({ mobile: props.mobile, password: props.temporaryPassword, new_password: fresh }))
    } catch (error) {
      setProblem(errorText(error, 'error.generic'))
    }
  }

  const field = (label: string, name: string, value: string, set: (value: string) => void) => (
    <PasswordField
      label={label}
      name={name}
      autoComplete="new-password"
      maxLength={72}
      value={value}
      onChange={(event) => {
        set(event.target.value)
        setProblem(null)
      }}
    />
  )

  return (
    <form className="auth__form" noValidate onSubmit={(event) => void handleSubmit(event)} aria-labelledby="renew-title">
      <h2 id="renew-title" className="auth__title">
        {t('renew.title')}
      </h2>
      <p className="auth__subtitle" role="status">
        {props.notice}
      </p>
      {field(t('field.newPassword'), 'new-password', fresh, setFresh)}
      {field(t('field.confirmPassword'), 'confirm-password', confirm, setConfirm)}
      <FormError message={problem} />
      <SubmitButton busy={isPending}>{t('renew.submit')}</SubmitButton>
    </form>
  )
}
