import { lobbyTabs, type LobbyTab } from '@sanam/contract/lobby/index'
import { useRef, type KeyboardEvent } from 'react'
import { t, type MessageKey } from '../../../lib/i18n/index.ts'
import { TabIcon } from './tab-icons.tsx'

/** Copy deck labels of the four tabs (tab.casino …), in the catalogue like every other text. */
export const tabLabelKeys: Readonly<Record<LobbyTab, MessageKey>> = { CASINO: 'tab.casino', SLOT: 'tab.slot', GAME: 'tab.game', SPORT: 'tab.sport' }
/** The heading over a tab's providers. */
export const tabHeadingKeys: Readonly<Record<LobbyTab, MessageKey>> = {
  CASINO: 'lobby.providers.casino',
  SLOT: 'lobby.providers.slot',
  GAME: 'lobby.providers.game',
  SPORT: 'lobby.providers.sport',
}

export function tabId(tab: LobbyTab): string {
  return `lobby-tab-${tab.toLowerCase()}`
}
export const LOBBY_PANEL_ID = 'lobby-panel'

/**
 * The CASINO / SLOT / GAME / SPORT bar (spec §2), an ARIA tab list: arrow keys, Home and End move between tabs,
 * only the selected tab is in the Tab order.
 */
export function CategoryTabs({ value, onChange }: { value: LobbyTab; onChange: (tab: LobbyTab) => void }) {
  const buttons = useRef(new Map<LobbyTab, HTMLButtonElement>())

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = lobbyTabs.indexOf(value)
    const last = lobbyTabs.length - 1
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = lobbyTabs[target]
    if (!next) return
    onChange(next)
    buttons.current.get(next)?.focus()
  }

  return (
    <div className="category-tabs" role="tablist" aria-label={t('lobby.categories')} onKeyDown={handleKeyDown}>
      {lobbyTabs.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) buttons.current.set(tab, element)
            else buttons.current.delete(tab)
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          className="category-tabs__tab"
          aria-selected={tab === value}
          aria-controls={LOBBY_PANEL_ID}
          tabIndex={tab === value ? 0 : -1}
          onClick={() => onChange(tab)}
        >
          <TabIcon tab={tab} />
          <span>{t(tabLabelKeys[tab])}</span>
        </button>
      ))}
    </div>
  )
}
