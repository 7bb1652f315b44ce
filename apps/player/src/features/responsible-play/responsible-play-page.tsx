import type { UserMe } from '@sanam/contract'
import { t } from '../../lib/i18n/index.ts'
import { ExclusionSection } from './exclusion-section.tsx'
import './responsible-play.css'

/**
 * /responsible-play (issue 21 §1, §2): the player's own protection tools. This page holds the time-out and
 * self-exclusion section; the limits section is another engineer's (the lead merges both pages).
 */
export function ResponsiblePlayPage({ user, onExcluded }: { user: UserMe | null; onExcluded: () => void }) {
  return (
    <div className="responsible-page">
      <h1 className="responsible-page__title">{t('responsible.title')}</h1>
      <ExclusionSection user={user} onExcluded={onExcluded} />
    </div>
  )
}
