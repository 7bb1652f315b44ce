import { useSite } from '../hooks/use-site.ts'

/**
 * The site logo from metadata. While metadata loads, an empty box of the same height holds the space
 * so the page does not jump when the image arrives. The large one is the first screen's main image, hence its priority.
 */
export function SiteLogo({ size }: { size: 'large' | 'small' }) {
  const site = useSite()
  const className = `site-logo site-logo--${size}`
  if (site.status === 'loading') return <div className={`${className} site-logo--pending`} aria-hidden="true" />
  if (site.status === 'error' || !site.metadata.image.logo) return null
  return <img className={className} src={site.metadata.image.logo} alt={site.metadata.title} fetchPriority={size === 'large' ? 'high' : 'auto'} />
}
