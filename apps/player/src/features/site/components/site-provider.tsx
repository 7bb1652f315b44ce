import { useEffect, useState, type ReactNode } from 'react'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { getSiteMetadata } from '../api/get-site-metadata.ts'
import { applySiteMetadata } from '../apply-site-metadata.ts'
import { readInlineSiteMetadata } from '../inline-metadata.ts'
import { SiteContext, type SiteState } from '../site-context.ts'

/** The metadata the server put in the page, applied to the document before the first render. */
function initialState(): SiteState {
  const inline = readInlineSiteMetadata()
  if (!inline) return { status: 'loading' }
  applySiteMetadata(inline)
  return { status: 'ready', metadata: inline }
}

/**
 * Loads the site metadata once at start and applies it to the document (spec §1): from the page itself when the
 * server put it there (ADR 012), else from `GET /api/site/metadata`.
 * On failure the default theme stays and an error toast says so (spec §8).
 */
export function SiteProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SiteState>(initialState)
  const { showToast } = useToast()
  // Decided by the first state only: the page either brought the metadata or it did not.
  const [needsCall] = useState(state.status === 'loading')

  useEffect(() => {
    if (!needsCall) return
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
  }, [needsCall, showToast])

  return <SiteContext value={state}>{children}</SiteContext>
}
