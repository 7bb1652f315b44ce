/**
 * Where a launched game opens (spec §4 Game launch): a popup window, else a new tab, else this window.
 *
 * Browsers only allow a popup during the click itself, and the launch URL arrives after a network call, so the
 * popup is opened empty on the click ({@link openBlankPopup}) and pointed at the game when the URL comes
 * ({@link showGame}). If the popup was blocked, a new tab is tried, then same-window navigation, which always works.
 */

/** One named window: a second launch reuses it instead of piling up windows. */
export const GAME_WINDOW_NAME = 'sanam-game'
const POPUP_FEATURES = 'popup=yes,width=1280,height=800'

export type LaunchMode = 'popup' | 'tab' | 'same-window'

type Opener = Pick<Window, 'open' | 'location'>

/** Opens the empty game popup during the click; null when the browser blocked it. */
export function openBlankPopup(win: Opener): Window | null {
  try {
    return win.open('about:blank', GAME_WINDOW_NAME, POPUP_FEATURES)
  } catch {
    return null
  }
}

/** The launch URL made absolute; only http(s) is accepted, so a bad answer can never run script here. */
export function gameUrl(url: string, base: string): string {
  const absolute = new URL(url, base)
  if (absolute.protocol !== 'https:' && absolute.protocol !== 'http:') throw new Error(`refusing to open ${absolute.protocol} URL`)
  return absolute.href
}

/**
 * Sends the game to the popup when it is still open, else to a new tab, else to this window. The game page gets
 * no handle back to the lobby (opener cleared): a provider's page has no business scripting ours.
 */
export function showGame(win: Opener, popup: Window | null, url: string): LaunchMode {
  const target = gameUrl(url, win.location.href)
  if (popup && !popup.closed) {
    try {
      popup.opener = null
      popup.location.replace(target)
      popup.focus()
      return 'popup'
    } catch {
      // A popup we can no longer steer: fall through to a tab.
    }
  }
  const tab = win.open(target, '_blank')
  if (tab) {
    try {
      tab.opener = null
    } catch {
      // Already cross-origin: nothing to clear.
    }
    return 'tab'
  }
  win.location.assign(target)
  return 'same-window'
}

/** Closes the empty popup after a failed launch. */
export function closePopup(popup: Window | null): void {
  try {
    if (popup && !popup.closed) popup.close()
  } catch {
    // Already gone.
  }
}
