import { createContext } from 'react'

export interface Toast {
  kind: 'success' | 'error'
  text: string
}

export interface ToastApi {
  /** Shows `toast` for 3 s below any toast still on screen (they stack; none replaces another). */
  showToast: (toast: Toast) => void
}

export const ToastContext = createContext<ToastApi | null>(null)
