import { useContext } from 'react'
import { SiteContext, type SiteState } from '../site-context.ts'

/** The site metadata state provided by `SiteProvider`. */
export function useSite(): SiteState {
  return useContext(SiteContext)
}
