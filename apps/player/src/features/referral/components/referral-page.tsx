import { useState } from 'react'
import { useLocation, type Location } from 'react-router'
import { Tabs, type TabItem } from '../../../components/tabs.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { FriendsTab } from './friends-tab.tsx'
import { InviteTab } from './invite-tab.tsx'
import { TotalsTab } from './totals-tab.tsx'
import '../../../components/money-page.css'
import '../referral.css'

export type ReferralTab = 'link' | 'amount' | 'friends'

const TAB_IDS: readonly ReferralTab[] = ['link', 'amount', 'friends']

/** Spec §2: router state `activeTab`, else the hash `#amount` (the bottom bar's rebate item), else the invite link. */
export function tabFromLocation(location: Pick<Location, 'state' | 'hash'>): ReferralTab {
  const state: unknown = location.state
  const active = typeof state === 'object' && state !== null && 'activeTab' in state ? state.activeTab : undefined
  if (TAB_IDS.includes(active as ReferralTab)) return active as ReferralTab
  return location.hash === '#amount' ? 'amount' : 'link'
}

/** /referral (spec §2 Referral): invite link, totals, friends. */
export function ReferralPage() {
  const location = useLocation()
  // A tab tapped here holds until the next navigation (e.g. the bottom bar's rebate item), which picks again.
  const [chosen, setChosen] = useState<{ key: string; tab: ReferralTab } | null>(null)
  const tab = chosen?.key === location.key ? chosen.tab : tabFromLocation(location)

  const tabs: TabItem<ReferralTab>[] = [
    { id: 'link', label: t('referral.tab.link') },
    { id: 'amount', label: t('referral.tab.amount') },
    { id: 'friends', label: t('referral.tab.friends') },
  ]

  return (
    <div className="money-page">
      <h1 className="money-page__title">{t('nav.referral')}</h1>
      <Tabs label={t('referral.tabs')} tabs={tabs} selected={tab} onSelect={(next) => setChosen({ key: location.key, tab: next })}>
        {tab === 'link' ? <InviteTab /> : tab === 'amount' ? <TotalsTab /> : <FriendsTab />}
      </Tabs>
    </div>
  )
}
