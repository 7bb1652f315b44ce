import { describe, expect, it, vi } from 'vitest'
import { closePopup, GAME_WINDOW_NAME, gameUrl, openBlankPopup, showGame } from './launch-window.ts'

function fakePopup() {
  return { closed: false, opener: {} as unknown, location: { replace: vi.fn() }, focus: vi.fn(), close: vi.fn() } as unknown as Window & {
    location: { replace: ReturnType<typeof vi.fn> }
  }
}

function fakeWindow(opened: Window | null) {
  return { open: vi.fn(() => opened), location: { href: 'https://sanam.test/', assign: vi.fn() } } as unknown as Pick<Window, 'open' | 'location'> & {
    open: ReturnType<typeof vi.fn>
    location: { assign: ReturnType<typeof vi.fn> }
  }
}

describe('where a launched game opens (spec §4)', () => {
  it('opens one named blank popup during the click', () => {
    const popup = fakePopup()
    const win = fakeWindow(popup)
    expect(openBlankPopup(win)).toBe(popup)
    expect(win.open).toHaveBeenCalledWith('about:blank', GAME_WINDOW_NAME, expect.stringContaining('popup'))
  })

  it('sends the game to the popup, with no way back to the lobby', () => {
    const popup = fakePopup()
    const win = fakeWindow(null)
    expect(showGame(win, popup, '/play/abc?lang=th')).toBe('popup')
    expect(popup.location.replace).toHaveBeenCalledWith('https://sanam.test/play/abc?lang=th')
    expect(popup.opener).toBeNull()
    expect(win.open).not.toHaveBeenCalled()
  })

  it('falls back to a new tab when the popup was blocked or closed', () => {
    const tab = fakePopup()
    const win = fakeWindow(tab)
    expect(showGame(win, null, '/play/abc')).toBe('tab')
    expect(win.open).toHaveBeenCalledWith('https://sanam.test/play/abc', '_blank')
    const closed = { ...fakePopup(), closed: true } as unknown as Window
    expect(showGame(fakeWindow(tab), closed, '/play/abc')).toBe('tab')
  })

  it('then navigates this window', () => {
    const win = fakeWindow(null)
    expect(showGame(win, null, 'https://provider.example/game?t=1')).toBe('same-window')
    expect(win.location.assign).toHaveBeenCalledWith('https://provider.example/game?t=1')
  })

  it('refuses anything but http(s)', () => {
    expect(() => gameUrl('javascript:alert(1)', 'https://sanam.test/')).toThrow()
    expect(() => gameUrl('data:text/html,x', 'https://sanam.test/')).toThrow()
    expect(gameUrl('/play/x', 'https://sanam.test/home')).toBe('https://sanam.test/play/x')
  })

  it('closes the blank popup after a failure', () => {
    const popup = fakePopup()
    closePopup(popup)
    expect(popup.close).toHaveBeenCalled()
    expect(() => closePopup(null)).not.toThrow()
  })
})
