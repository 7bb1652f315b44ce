import { useSearchParams } from 'react-router'
import { LineLinkPage } from '../../features/line/components/line-link-page.tsx'
import { useCurrentPlayer } from './use-current-player.ts'

/** /line/link: the LINE chat's link, signed in (a visitor signs in first and comes back here, lib/after-login.ts). */
export default function LineLinkRoute() {
  const [params] = useSearchParams()
  const { user } = useCurrentPlayer()
  return <LineLinkPage linkToken={params.get('linkToken')} mobile={user?.mobile ?? ''} go={(url) => window.location.assign(url)} />
}
