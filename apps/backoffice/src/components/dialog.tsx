import { useEffect, useRef, type FormEvent, type ReactNode } from 'react'
import { errorText } from '../lib/api-client.ts'
import { t } from '../lib/i18n/th.ts'
import { FormError } from './fields.tsx'

/**
 * A modal form on the native <dialog> (focus trap, Escape to close, the page behind inert). `onSubmit` gets the form's
 * fields; the dialog stays open while it runs and shows its error.
 */
export function FormDialog(props: {
  title: string
  lead?: string
  submitLabel: string
  busy: boolean
  error?: string | undefined
  onSubmit: (fields: Record<string, string>) => void
  onClose: () => void
  danger?: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const fields = Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]))
    props.onSubmit(fields)
  }
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="dialog-title" onClose={props.onClose}>
      <form onSubmit={submit} className="form">
        <h2 id="dialog-title" className="dialog__title">
          {props.title}
        </h2>
        {props.lead && <p className="muted">{props.lead}</p>}
        {props.children}
        <FormError message={props.error} />
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`button ${props.danger ? 'button--danger' : ''}`} disabled={props.busy}>
            {props.submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}

/**
 * A FormDialog's `busy`, `error` and `onClose` for the one mutation it sends: busy while it runs, its error as text,
 * and closing forgets that error, so the dialog opened again starts clean.
 */
export function mutationDialog(mutation: { isPending: boolean; error: unknown; reset: () => void }, onClose: () => void) {
  return {
    busy: mutation.isPending,
    error: mutation.error ? errorText(mutation.error) : undefined,
    onClose: () => {
      onClose()
      mutation.reset()
    },
  }
}
