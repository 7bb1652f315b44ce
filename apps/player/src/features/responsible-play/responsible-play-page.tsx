import type { UserMe } from '@sanam/contract'
import { t } from '../../lib/i18n/index.ts'
import { ExclusionSection } from './exclusion-section.tsx'
import { LimitsSection } from './components/limits-section.tsx'
import '../../components/money-page.css'
import './responsible-play.css'

/**
 * /responsible-play (issue 21 §1, §2, §6): the player's own protection tools, each its own section: the limits and the
 * session reminder (ADR 048), then time-out and self-exclusion (ADR 047).
 */
export function ResponsiblePlayPage({ user, onExcluded }: { user: UserMe | null; onExcluded: () => void }) {
  return (
    <div className="money-page responsible-play">
      <h1 className="money-page__title">{t('responsible.title')}</h1>
      <p className="responsible-play__intro">{t('limits.intro')}</p>
      <LimitsSection />
      <ExclusionSection user={user} onExcluded={onExcluded} />
    </div>
  )
}
