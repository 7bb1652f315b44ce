import { useEffect, useState, type ReactNode } from 'react'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { getSiteMetadata } from '../api/get-site-metadata.ts'
import { applySiteMetadata } from '../apply-site-metadata.ts'
import { SiteContext, type SiteState } from '../site-context.ts'

/**
 * Loads the site metadata once at start and applies it to the document (spec §1).
 * On failure the default theme stays and an error toast says so (spec §8).
 */
export function SiteProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SiteState>({ status: 'loading' })
  const { showToast } = useToast()

  useEffect(() => {
    const controller = new AbortController()
    getSiteMetadata(controller.signal).then(
      (metadata) => {
        applySiteMetadata(metadata)
        setState({ status: 'ready', metadata })
      },
      (error: unknown) => {
        // Unmounting (or React's development double mount) aborts the call; that is not a failure.
        if (controller.signal.aborted) return
        setState({ status: 'error' })
        showToast({ kind: 'error', text: errorText(error, 'error.metadata') })
      },
    )
    return () => controller.abort()
  }, [showToast])

  return <SiteContext value={state}>{children}</SiteContext>
}
