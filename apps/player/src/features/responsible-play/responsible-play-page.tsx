import { t } from '../../lib/i18n/index.ts'
import { LimitsSection } from './components/limits-section.tsx'
import '../../components/money-page.css'
import './responsible-play.css'

/**
 * /responsible-play (issue 21 §1, §6): the player's own limits and the session reminder. The page is a frame; each
 * part is its own section (the limits here; time-out and self-exclusion beside them).
 */
export function ResponsiblePlayPage() {
  return (
    <div className="money-page responsible-play">
      <h1 className="money-page__title">{t('limits.title')}</h1>
      <p className="responsible-play__intro">{t('limits.intro')}</p>
      <LimitsSection />
    </div>
  )
}
