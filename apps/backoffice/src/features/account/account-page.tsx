import { MAX_PASSWORD_LENGTH, MIN_OPERATOR_PASSWORD_LENGTH } from '@sanam/contract'
import { useState, type FormEvent } from 'react'
import { FormError, TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { useChangePassword } from './api/change-password.ts'

/** The operator's own password; the server ends every other session of theirs. */
export function AccountPage() {
  const toast = useToast()
  const [error, setError] = useState<string>()
  const change = useChangePassword()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setError(undefined)
    change.mutate(
      { current_password: String(data.get('current_password')), new_password: String(data.get('new_password')) },
      {
        onSuccess: ({ message }) => {
          if (message) toast(message)
          form.reset()
        },
        onError: (failure) => setError(errorText(failure)),
      },
    )
  }
  return (
    <section className="panel narrow">
      <h1 className="panel__title">{t('account.title')}</h1>
      <form className="form" onSubmit={submit}>
        <TextField
          label={t('account.current')}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <TextField
          label={t('account.new')}
          name="new_password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_OPERATOR_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
        />
        <FormError message={error} />
        <button type="submit" className="button" disabled={change.isPending}>
          {t('account.submit')}
        </button>
      </form>
    </section>
  )
}
