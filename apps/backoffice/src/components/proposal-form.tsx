import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { errorText } from '../lib/api-client.ts'
import { t } from '../lib/i18n/th.ts'
import { FormError, TextField } from './fields.tsx'
import { useToast } from './toasts.tsx'

/** What sends a proposal: a mutation answering the server's message. */
interface Propose<Body> {
  mutate: (body: Body, options: { onSuccess: (answer: { message?: string | undefined }) => void; onError: (failure: unknown) => void }) => void
  isPending: boolean
}

/**
 * The form of a new version (the plan, the risk rules' parameters): its title and lead (`<screen>.proposeTitle`,
 * `.proposeLead`), `children` (the fields, each at the value in force), why (required, `<screen>.reason`) and the button
 * (`<screen>.propose`). `body` reads the fields and `propose` sends them; its message as a toast and `onDone` once
 * accepted, a refusal shown in the form.
 */
export function ProposalForm<Body>(props: {
  screen: 'plan' | 'riskParams'
  propose: Propose<Body>
  body: (data: FormData) => Body
  onDone: () => void
  children: ReactNode
}) {
  const { screen, propose } = props
  const toast = useToast()
  const titleId = useId()
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(undefined)
    propose.mutate(props.body(new FormData(event.currentTarget)), {
      onSuccess: ({ message }) => {
        if (message) toast(message)
        props.onDone()
      },
      onError: (failure) => setError(errorText(failure)),
    })
  }
  return (
    <form className="form plan-form" onSubmit={submit} aria-labelledby={titleId}>
      <h2 id={titleId} className="detail__subtitle">
        {t(`${screen}.proposeTitle`)}
      </h2>
      <p className="muted">{t(`${screen}.proposeLead`)}</p>
      {props.children}
      <TextField required label={t(`${screen}.reason`)} name="reason" maxLength={500} />
      <FormError message={error} />
      <div className="dialog__actions">
        <button type="submit" className="button" disabled={propose.isPending}>
          {t(`${screen}.propose`)}
        </button>
      </div>
    </form>
  )
}
