import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { t } from '../../lib/i18n/index.ts'
import { ToastContext, type Toast } from './toast-context.ts'

/** Spec §9: a toast stays 3 s. */
const TOAST_MS = 3000

/** Holds the one visible toast and renders it above the page. */
export function ToastProvider({ children }: { children: ReactNode }) {
  // The id restarts the timer (and the entry animation) when the same text is shown twice in a row.
  const [current, setCurrent] = useState<(Toast & { id: number }) | null>(null)

  const showToast = useCallback((toast: Toast) => {
    setCurrent((previous) => ({ ...toast, id: (previous?.id ?? 0) + 1 }))
  }, [])
  const api = useMemo(() => ({ showToast }), [showToast])

  useEffect(() => {
    if (!current) return
    const timer = setTimeout(() => setCurrent(null), TOAST_MS)
    return () => clearTimeout(timer)
  }, [current])

  return (
    <ToastContext value={api}>
      {children}
      {/* The live region stays mounted so screen readers announce toasts added to it. */}
      <div className="toast-region" role="status" aria-live="polite">
        {current && (
          <div key={current.id} className={`toast toast--${current.kind}`}>
            <ToastIcon kind={current.kind} />
            <span className="toast__text">{current.text}</span>
            <button type="button" className="toast__close" aria-label={t('action.dismiss')} onClick={() => setCurrent(null)}>
              ×
            </button>
          </div>
        )}
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
