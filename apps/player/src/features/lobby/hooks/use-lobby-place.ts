import type { Provider } from '@sanam/contract'
import { isLobbyTab, lobbyTabs, providersForTab, type LobbyTab } from '@sanam/contract/lobby/index'
import { useCallback } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'

/** Set in the history entry that opened a provider, so "back" can simply step back. */
interface LobbyLocationState {
  openedProvider?: boolean
}

export const LOBBY_ANCHOR_ID = 'lobby'

/** The first tab that lists `provider` (CASINO when none does). */
export function tabOf(provider: Provider): LobbyTab {
  return lobbyTabs.find((tab) => providersForTab([provider], tab).length > 0) ?? 'CASINO'
}

function search(tab: LobbyTab, provider?: string): Record<string, string> {
  const params: Record<string, string> = tab === 'CASINO' ? {} : { tab }
  if (provider) params.provider = provider
  return params
}

/**
 * Where the player is in the category lobby: the tab and the chosen provider, kept in the URL
 * (`/?tab=SLOT&provider=joker`) so the phone's back button leaves a provider's games like the on-screen back
 * button does, and a reload keeps the place.
 */
export function useLobbyPlace() {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const requested = params.get('tab')
  const tab: LobbyTab = isLobbyTab(requested) ? requested : 'CASINO'
  const provider = params.get('provider')
  const openedHere = (location.state as LobbyLocationState | null)?.openedProvider === true

  // Spec §4: selecting a tab resets the chosen provider.
  const selectTab = useCallback((next: LobbyTab) => setParams(search(next), { replace: true, preventScrollReset: true }), [setParams])

  /** Shows `code`'s games under `inTab` and brings the lobby into view. */
  const showProvider = useCallback(
    (code: string, inTab: LobbyTab) => {
      setParams(search(inTab, code), { state: { openedProvider: true } satisfies LobbyLocationState, preventScrollReset: true })
      document.getElementById(LOBBY_ANCHOR_ID)?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    },
    [setParams],
  )

  const backToProviders = useCallback(() => {
    if (openedHere) void navigate(-1)
    else setParams(search(tab), { replace: true, preventScrollReset: true })
  }, [navigate, openedHere, setParams, tab])

  return { tab, provider, selectTab, showProvider, backToProviders }
}
export type LobbyPlace = ReturnType<typeof useLobbyPlace>
