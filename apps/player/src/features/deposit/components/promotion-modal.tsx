import type { Promotion } from '@sanam/contract'
import { formatNumber } from '@sanam/web-shared/format'
import { Modal } from '../../../components/modal.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { useProviders } from '../../../lib/providers-query.ts'
import { describeRule } from '../promotion-rules.ts'
// Its own styles: the back-office preview (ADR 043) draws this modal without the deposit page.
import '../deposit.css'

/** What the promotion gives: baht for FIXED, a percentage of the deposit for PERCENT (spec §3). */
export function creditGivenText(promotion: Pick<Promotion, 'credit_given' | 'credit_given_type'>): string {
  return promotion.credit_given_type === 'PERCENT'
    ? t('promotion.percent', { n: formatNumber(promotion.credit_given) })
    : t('money.baht', { n: formatNumber(promotion.credit_given) })
}

/** Spec §2 Deposit: the chosen promotion's image, title, credit given and a scrollable list of its rules. */
export function PromotionModal({ promotion, onClose }: { promotion: Promotion; onClose: () => void }) {
  // A prohibited provider is named by its catalogue title ('Evolution Gaming', not 'evo'); its code until the list comes.
  const providers = useProviders()
  const providerTitle = (code: string) => providers.data?.find((p) => p.code === code)?.title ?? code
  return (
    <Modal title={promotion.title} onClose={onClose}>
      <div className="promotion-detail">
        {promotion.image && <img className="promotion-detail__image" src={promotion.image} alt="" width={720} height={360} />}
        <p className="promotion-detail__credit">
          <span>{t('promo.creditGiven')}</span> <strong data-testid="credit-given">{creditGivenText(promotion)}</strong>
        </p>
        <h3 className="promotion-detail__rules-title">{t('promotion.rules')}</h3>
        <ul className="promotion-detail__rules" tabIndex={0} aria-label={t('promotion.rules')}>
          {promotion.rules.map((rule, index) => (
            <li key={`${rule.type}-${index}`}>{describeRule(rule, providerTitle)}</li>
          ))}
        </ul>
      </div>
    </Modal>
  )
}
