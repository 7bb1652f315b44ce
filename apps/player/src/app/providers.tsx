import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ToastProvider } from '../components/toast/toast-provider.tsx'
import { SiteProvider } from '../features/site/components/site-provider.tsx'
import { queryClient } from '../lib/query-client.ts'

/**
 * App-wide state, outermost first: the query client (every feature's api/ calls), then the toasts, which the
 * site provider uses to report a failed load.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SiteProvider>{children}</SiteProvider>
      </ToastProvider>
    </QueryClientProvider>
  )
}
