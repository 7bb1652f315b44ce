import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { t } from '../../lib/i18n/index.ts'
import { ToastContext, type Toast } from './toast-context.ts'

/** Spec §9: a toast stays 3 s. */
export const TOAST_MS = 3000

interface ShownToast extends Toast {
  id: number
}

/**
 * Holds the visible toasts and renders them above the page. Each stays its own 3 s and they stack, so an error
 * followed at once by another message (a failed call, then 'logged out') shows both.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([])
  const nextId = useRef(1)
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  /** The error toasts on screen, by id. */
  const errors = useRef(new Set<number>())

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    errors.current.delete(id)
    setToasts((shown) => shown.filter((toast) => toast.id !== id))
  }, [])

  const showToast = useCallback(
    (toast: Toast) => {
      const id = nextId.current++
      if (toast.kind === 'error') errors.current.add(id)
      setToasts((shown) => [...shown, { ...toast, id }])
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_MS),
      )
    },
    [dismiss],
  )
  const dismissErrors = useCallback(() => {
    for (const id of [...errors.current]) dismiss(id)
  }, [dismiss])
  const api = useMemo(() => ({ showToast, dismissErrors }), [showToast, dismissErrors])

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }, [])

  return (
    <ToastContext value={api}>
      {children}
      {/* The live region stays mounted so screen readers announce toasts added to it. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            <ToastIcon kind={toast.kind} />
            <span className="toast__text">{toast.text}</span>
            <button type="button" className="toast__close" aria-label={t('action.dismiss')} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  )
}

function ToastIcon({ kind }: { kind: Toast['kind'] }) {
  return (
    <svg className="toast__icon" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.2" />
      {kind === 'success' ? (
        <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M12 7v6m0 3.5v.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </svg>
  )
}
