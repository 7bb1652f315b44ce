import { lazy, Suspense } from 'react'
import { useSession } from '../../../lib/session.ts'
import { useSite } from '../hooks/use-site.ts'
import { SiteLogo } from './site-logo.tsx'

const BannerCarousel = lazy(() => import('./banner-carousel.tsx').then((module) => ({ default: module.BannerCarousel })))

/**
 * The top of every page (spec §2 Carousel banner): a visitor sees only the logo; a logged-in player the carousel
 * of logo and slides. The carousel's box has a fixed ratio, so the page below never moves as it loads.
 */
export function SiteBanner() {
  const { token } = useSession()
  const site = useSite()
  if (token && site.status === 'loading') return <div className="banner banner--pending" aria-hidden="true" />
  if (!token || site.status !== 'ready') {
    return (
      <div className="banner banner--logo-only">
        <SiteLogo size="large" />
      </div>
    )
  }
  return (
    <Suspense fallback={<div className="banner banner--pending" aria-hidden="true" />}>
      <BannerCarousel metadata={site.metadata} />
    </Suspense>
  )
}
