import type { SiteMetadata } from '@sanam/contract'
import useEmblaCarousel from 'embla-carousel-react'
import { useEffect, useRef, useState } from 'react'
import { t } from '../../../lib/i18n/index.ts'
import { createAutoplay, type Autoplay } from '../autoplay.ts'

/**
 * Spec §2 Carousel banner for a logged-in player: the logo, then the metadata slides, advancing every 4 s; a
 * swipe or a dot pauses it for 5 s. Built on Embla (loaded with this component only, not on the login path).
 */
export function BannerCarousel({ metadata }: { metadata: SiteMetadata }) {
  const slideCount = 1 + metadata.slides.length
  const [viewport, embla] = useEmblaCarousel({ loop: slideCount > 1 })
  const [selected, setSelected] = useState(0)
  const autoplay = useRef<Autoplay | null>(null)

  useEffect(() => {
    if (!embla) return
    const handleSelect = () => setSelected(embla.selectedScrollSnap())
    embla.on('select', handleSelect)
    if (slideCount < 2) return () => void embla.off('select', handleSelect)

    const timer = createAutoplay(() => embla.scrollNext())
    autoplay.current = timer
    const handleInteraction = () => timer.interact()
    embla.on('pointerDown', handleInteraction).on('pointerUp', handleInteraction)
    timer.start()
    return () => {
      timer.stop()
      autoplay.current = null
      embla.off('select', handleSelect).off('pointerDown', handleInteraction).off('pointerUp', handleInteraction)
    }
  }, [embla, slideCount])

  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t('carousel.label')}>
      <div className="banner__viewport" ref={viewport}>
        <div className="banner__track">
          <div
            className="banner__slide banner__slide--logo"
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel.slide', { n: 1, total: slideCount })}
          >
            <img src={metadata.image.logo} alt={metadata.title} width={480} height={160} fetchPriority="high" />
          </div>
          {metadata.slides.map((slide, index) => (
            <div
              key={slide}
              className="banner__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { n: index + 2, total: slideCount })}
            >
              <img src={slide} alt="" width={960} height={400} loading={index === 0 ? 'eager' : 'lazy'} decoding="async" />
            </div>
          ))}
        </div>
      </div>
      {slideCount > 1 && (
        <div className="dots banner__dots">
          {Array.from({ length: slideCount }, (_, index) => (
            <button
              key={index}
              type="button"
              className="dots__dot"
              aria-label={t('carousel.goTo', { n: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => {
                autoplay.current?.interact()
                embla?.scrollTo(index)
              }}
            />
          ))}
        </div>
      )}
    </section>
  )
}
