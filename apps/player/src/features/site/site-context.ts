import type { SiteMetadata } from '@sanam/contract'
import { createContext } from 'react'

/** Where the start-up metadata load stands; pages render a neutral shell until it is `ready`. */
export type SiteState = { status: 'loading' } | { status: 'ready'; metadata: SiteMetadata } | { status: 'error' }

export const SiteContext = createContext<SiteState>({ status: 'loading' })
