import useEmblaCarousel from 'embla-carousel-react'
import { useEffect, useId, useState } from 'react'
import { ChevronDownIcon, GiftIcon } from '../../../components/icons.tsx'
import { formatBaht, formatBahtWord, formatDateTime, formatProgressPercent } from '@sanam/web-shared/format'
import { t } from '../../../lib/i18n/index.ts'
import type { PromotionView } from '../../../lib/running-promotion.ts'
import { promotionProgress } from '../promotion.ts'

/**
 * Spec §2 promotion panel: collapsible, two swipe pages: progress and withdraw info, then the received date.
 * Shown by the home page only with a promotion and a balance of at least 3 (spec §4).
 */
export function PromotionPanel({ info, balance }: { info: PromotionView; balance: number }) {
  const [open, setOpen] = useState(true)
  const bodyId = useId()
  const progress = promotionProgress(info, balance)
  const [viewport, embla] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps' })
  const [page, setPage] = useState(0)

  useEffect(() => {
    if (!embla) return
    const handleSelect = () => setPage(embla.selectedScrollSnap())
    embla.on('select', handleSelect)
    return () => {
      embla.off('select', handleSelect)
    }
  }, [embla])

  const pages = [t('promo.pageProgress'), t('promo.pageReceived')]

  return (
    <section className="promo card" aria-label={t('promo.title')}>
      <h2 className="promo__heading">
        <button type="button" className="promo__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((shown) => !shown)}>
          <span className="promo__icon">
            <GiftIcon />
          </span>
          <span className="promo__titles">
            <span className="promo__kicker">{t('promo.title')}</span>
            <span className="promo__name">{info.title}</span>
          </span>
          <ChevronDownIcon />
        </button>
      </h2>
      <div id={bodyId} className="promo__body" hidden={!open}>
        <div className="promo__viewport" ref={viewport}>
          <div className="promo__track">
            <div className="promo__page" role="group" aria-roledescription="slide" aria-label={pages[0]}>
              <div className="promo__row">
                <span>{progress.kind === 'credit' ? t('promo.creditProgress') : t('promo.turnover')}</span>
                <strong data-testid="promo-percent">{formatProgressPercent(progress.percent)}</strong>
              </div>
              <div
                className="progress"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress.percent)}
                aria-label={progress.kind === 'credit' ? t('promo.creditProgress') : t('promo.turnover')}
              >
                <span className="progress__bar" style={{ width: `${progress.percent}%` }} />
              </div>
              <p className="promo__numbers">
                {formatBaht(progress.current)} / {formatBaht(progress.total)}
              </p>
              {info.withdrawMin !== null && (
                <p className="promo__row promo__row--muted">
                  <span>{t('promo.withdrawMin')}</span>
                  <span>{formatBahtWord(info.withdrawMin)}</span>
                </p>
              )}
            </div>
            <div className="promo__page" role="group" aria-roledescription="slide" aria-label={pages[1]}>
              {info.creditGiven !== null && (
                <p className="promo__row">
                  <span>{t('promo.creditGiven')}</span>
                  <strong>{formatBahtWord(info.creditGiven)}</strong>
                </p>
              )}
              {info.receivedAt && (
                <p className="promo__row">
                  <span>{t('promo.receivedAt')}</span>
                  <strong>{formatDateTime(info.receivedAt)}</strong>
                </p>
              )}
              {info.image && <img className="promo__image" src={info.image} alt="" width={960} height={400} loading="lazy" decoding="async" />}
            </div>
          </div>
        </div>
        <div className="dots" role="group" aria-label={t('promo.title')}>
          {pages.map((label, index) => (
            <button
              key={label}
              type="button"
              className="dots__dot"
              aria-label={label}
              aria-current={index === page ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
            />
          ))}
        </div>
      </div>
    </section>
  )
}
