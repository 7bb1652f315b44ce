import { useSite } from '../hooks/use-site.ts'

const LOGO_BOX = { large: { width: 264, height: 88 }, small: { width: 168, height: 56 } } as const

/**
 * The site logo from metadata. While metadata loads, an empty box of the same height holds the space
 * so the page does not jump when the image arrives. The large one is the first screen's main image, hence its priority.
 */
export function SiteLogo({ size }: { size: 'large' | 'small' }) {
  const site = useSite()
  const className = `site-logo site-logo--${size}`
  if (site.status === 'loading') return <div className={`${className} site-logo--pending`} aria-hidden="true" />
  if (site.status === 'error' || !site.metadata.image.logo) return null
  // A fixed box (the seed logo's 3:1) so the browser reserves the space before the file arrives; another shape of
  // logo is fitted inside it (object-fit in the style sheet).
  const box = LOGO_BOX[size]
  return (
    <img
      className={className}
      src={site.metadata.image.logo}
      alt={site.metadata.title}
      width={box.width}
      height={box.height}
      fetchPriority={size === 'large' ? 'high' : 'auto'}
    />
  )
}
