import type { ReactNode } from 'react'
import { Spinner } from '../spinner.tsx'

/** The message about the whole form (not one field), announced to screen readers. Nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <p className="danger-note" role="alert">
      {message}
    </p>
  )
}

/**
 * The form's main button: disabled with a spinner while the request runs, so a second tap sends nothing, and
 * disabled while the page says nothing can be sent (`disabled`).
 */
export function SubmitButton({ busy, disabled = false, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary button--large" disabled={busy || disabled} aria-busy={busy}>
      {busy && <Spinner />}
      {children}
    </button>
  )
}
