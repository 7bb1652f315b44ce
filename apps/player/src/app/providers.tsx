import { QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { ToastProvider } from '../components/toast/toast-provider.tsx'
import { SiteProvider } from '../features/site/components/site-provider.tsx'
import { createQueryClient } from '../lib/query-client.ts'

/** App-wide state, outermost first: the site provider reports a failed load through the toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  // One client for the app's life (created once, not on every render).
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SiteProvider>{children}</SiteProvider>
      </ToastProvider>
    </QueryClientProvider>
  )
}
