import type { ReactNode } from 'react'
import { ToastProvider } from '../components/toast/toast-provider.tsx'
import { SiteProvider } from '../features/site/components/site-provider.tsx'

/** App-wide state, outermost first: the site provider reports a failed load through the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <SiteProvider>{children}</SiteProvider>
    </ToastProvider>
  )
}
