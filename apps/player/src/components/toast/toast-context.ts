import { createContext } from 'react'

export interface Toast {
  kind: 'success' | 'error'
  text: string
}

export interface ToastApi {
  /** Shows `toast` for a few seconds, replacing any toast still on screen. */
  showToast: (toast: Toast) => void
}

export const ToastContext = createContext<ToastApi | null>(null)
