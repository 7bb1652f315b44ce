import type { Restriction } from '@sanam/contract'
import { t } from '../../lib/i18n/index.ts'
import { ExclusionChoice, RestrictedNotice } from './exclusion-section.tsx'
import { LimitsSection } from './components/limits-section.tsx'
import '../../components/money-page.css'
import './responsible-play.css'

/**
 * /responsible-play (issue 21 §1, §2, §6): the player's own protection tools, each its own section: the limits and the
 * session reminder (ADR 048), then time-out and self-exclusion (ADR 047). In restricted mode (`restriction`, one in force)
 * the notice of what is restricted and until when comes first, under the title: it is what the player was sent here to read.
 */
export function ResponsiblePlayPage({ restriction, onExcluded }: { restriction: Restriction | null; onExcluded: () => void }) {
  return (
    <div className="money-page responsible-play">
      <h1 className="money-page__title">{t('responsible.title')}</h1>
      {restriction && <RestrictedNotice restriction={restriction} />}
      <p className="responsible-play__intro">{t('limits.intro')}</p>
      <LimitsSection />
      {!restriction && <ExclusionChoice onExcluded={onExcluded} />}
    </div>
  )
}
