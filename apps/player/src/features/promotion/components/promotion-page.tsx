import type { Promotion } from '@sanam/contract'
import { Link } from 'react-router'
import { GiftIcon } from '../../../components/icons.tsx'
import { RunningPromotionNote } from '../../../components/running-promotion-note.tsx'
import { t } from '../../../lib/i18n/index.ts'
import type { PromotionView } from '../../../lib/running-promotion.ts'
import '../promotion.css'

/** The promotions as the page needs them: the list, or where loading it stands. */
export interface PromotionList {
  status: 'pending' | 'error' | 'success'
  data: Promotion[] | undefined
  refetch: () => unknown
}

/**
 * The promotion chooser (spec §2 Promotion page): each promotion's image and a button with its title that opens the
 * deposit screen with it chosen (`?promotion_id=`), passing image and title in the router state so the deposit
 * screen can show them before its own list has loaded. While a promotion runs none is offered: the page says which
 * runs and until what (ADR 072).
 */
export function PromotionPage({ promotions, running = null }: { promotions: PromotionList; running?: PromotionView | null }) {
  const list = promotions.data ?? []
  return (
    <div className="promotion-page">
      <header className="promotion-page__header">
        <h1 className="promotion-page__title">{t('promotion.pageTitle')}</h1>
        <p className="promotion-page__hint">{t('promotion.pageHint')}</p>
      </header>
      {running ? (
        <RunningPromotionNote promotion={running} />
      ) : promotions.status === 'pending' ? (
        <p className="promotion-page__state">{t('state.loading')}</p>
      ) : promotions.status === 'error' && list.length === 0 ? (
        <div className="promotion-page__state">
          <p>{t('error.metadata')}</p>
          <button type="button" className="button button--ghost" onClick={() => void promotions.refetch()}>
            {t('action.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="promotion-page__state">{t('state.empty')}</p>
      ) : (
        <ul className="promotion-page__list">
          {list.map((promotion) => (
            <li key={promotion.id} className="promotion-item card">
              {promotion.image && (
                <img className="promotion-item__image" src={promotion.image} alt="" width={720} height={360} loading="lazy" decoding="async" />
              )}
              <Link
                className="button button--primary promotion-item__button"
                to={`/deposit?promotion_id=${promotion.id}`}
                state={{ image: promotion.image, title: promotion.title }}
              >
                <GiftIcon />
                {promotion.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
