import type { UserMe } from '@sanam/contract'
import { useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { Tabs, type TabItem } from '../../../components/tabs.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { ActivityTab } from './activity-tab.tsx'
import { InfoTab } from './info-tab.tsx'
import { WalletTab } from './wallet-tab.tsx'
import '../../../components/money-page.css'
import '../history.css'

export type HistoryTab = 'info' | 'activity' | 'withdraw'

/** Spec §4: after a password change the player is logged out after 5 s. */
export const LOGOUT_AFTER_PASSWORD_MS = 5000

/** Spec §2: router state `tab` picks the tab; anything else is the info tab. */
export function tabFromState(state: unknown): HistoryTab {
  const tab = typeof state === 'object' && state !== null && 'tab' in state ? state.tab : undefined
  return tab === 'activity' || tab === 'withdraw' ? tab : 'info'
}

/**
 * /history (spec §2 History): info, activity and deposit-withdraw tabs; `line` is the LINE card the info tab shows
 * (another feature's, given by the route). The activity tab's button is disabled as
 * the spec says; that tab is reached through router state (`tab: 'activity'`).
 */
export function HistoryPage({ user, onLogout, line }: { user: UserMe | null; onLogout: () => void; line?: ReactNode }) {
  const location = useLocation()
  // A tab tapped here holds until the next navigation, which picks the tab from its own state again.
  const [chosen, setChosen] = useState<{ key: string; tab: HistoryTab } | null>(null)
  const tab = chosen?.key === location.key ? chosen.tab : tabFromState(location.state)
  const [loggingOut, setLoggingOut] = useState(false)
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const handlePasswordChanged = () => {
    setLoggingOut(true)
    // Not cleared when the page unmounts: the server has already ended this session, so the player is logged
    // out wherever they went in the meantime.
    if (logoutTimer.current === null) logoutTimer.current = setTimeout(onLogout, LOGOUT_AFTER_PASSWORD_MS)
  }

  const tabs: TabItem<HistoryTab>[] = [
    { id: 'info', label: t('history.tab.info') },
    { id: 'activity', label: t('history.tab.activity'), disabled: true },
    { id: 'withdraw', label: t('history.tab.wallet') },
  ]

  return (
    <div className="money-page">
      <h1 className="money-page__title">{t('nav.history')}</h1>
      <Tabs label={t('history.tabs')} tabs={tabs} selected={tab} onSelect={(next) => setChosen({ key: location.key, tab: next })}>
        {tab === 'info' ? (
          <InfoTab user={user} loggingOut={loggingOut} onPasswordChanged={handlePasswordChanged} onLogout={onLogout} line={line} />
        ) : tab === 'activity' ? (
          <ActivityTab />
        ) : (
          <WalletTab />
        )}
      </Tabs>
    </div>
  )
}
