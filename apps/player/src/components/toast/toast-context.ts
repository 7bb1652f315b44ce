import { createContext } from 'react'

export interface Toast {
  kind: 'success' | 'error'
  text: string
}

export interface ToastApi {
  /** Shows `toast` for 3 s below any toast still on screen (they stack; none replaces another). */
  showToast: (toast: Toast) => void
  /** Takes away the error toasts still on screen: what they said no longer holds (a sign-in went through since). */
  dismissErrors: () => void
}

export const ToastContext = createContext<ToastApi | null>(null)
