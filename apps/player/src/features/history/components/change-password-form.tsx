import { useState, type FormEvent } from 'react'
import { FormError } from '../../../components/form/form-actions.tsx'
import { PasswordField } from '../../../components/form/text-field.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useChangePassword } from '../api/change-password.ts'
import { canSubmitPassword, passwordProblem, type PasswordFields } from '../../../lib/password-rules.ts'

const EMPTY: PasswordFields = { old: '', new: '', confirm: '' }

/**
 * Spec §5 change password. The rule messages show once the player has left a field or tried to send, so each
 * is reachable although the button stays disabled until the fields could pass. On success the fields clear and
 * `onChanged` starts the forced logout; the server's refusal shows under the form, no answer at all as a toast.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [fields, setFields] = useState(EMPTY)
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const change = useChangePassword()
  const { showToast } = useToast()

  const problem = passwordProblem(fields)
  const set = (name: keyof PasswordFields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }))
    setServerError(null)
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (problem || change.isPending) return
    change.mutate(
      { old: fields.old, new: fields.new },
      {
        onSuccess: (answer) => {
          setFields(EMPTY)
          setTouched(false)
          showToast({ kind: 'success', text: answer.message ?? t('password.changed') })
          onChanged()
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 0) showToast({ kind: 'error', text: t('error.connection') })
          else setServerError(errorText(failure, 'error.generic'))
        },
      },
    )
  }

  const field = (name: keyof PasswordFields, label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      name={name}
      autoComplete={autoComplete}
      value={fields[name]}
      onChange={(event) => set(name)(event.target.value)}
      onBlur={() => setTouched(true)}
    />
  )

  return (
    <form className="password-form" noValidate onSubmit={handleSubmit} aria-label={t('history.changePassword')}>
      {field('old', t('field.oldPassword'), 'current-password')}
      {field('new', t('field.newPassword'), 'new-password')}
      {field('confirm', t('field.confirmPassword'), 'new-password')}
      <FormError message={serverError ?? (touched ? problem : null)} />
      <button
        type="submit"
        className="button button--primary button--large"
        disabled={!canSubmitPassword(fields) || change.isPending}
        aria-busy={change.isPending}
      >
        {t('action.confirm')}
      </button>
    </form>
  )
}
