import type { SessionReminder } from '@sanam/contract'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endSession, startSession } from '../../lib/session.ts'
import { stubLayoutApis } from '../../testing/layout-apis.ts'
import { demoUser, fail, ok, page, renderRoutes, stubApi } from '../../testing/render.tsx'
import HomeRoute from '../routes/home-route.tsx'
import { AppLayout } from './app-layout.tsx'

// Issue 21 §6, ADR 048: the session reminder stands over the lobby, and a launch refused because one is owed brings
// it up (the launch overlay gives way to it), through the app's own frame and lobby route.

afterEach(() => {
  cleanup()
  endSession()
  vi.unstubAllGlobals()
})

const fortuneOx = {
  provider: 'pgsoft',
  code: 'ox',
  title: 'Fortune Ox',
  image: '/media/games/ox.svg',
  type: 'SLOT',
  lobby: false,
  maintenance: false,
  popularity: 5,
}

function state(due: boolean): SessionReminder {
  return {
    started_at: '2026-11-27T05:00:00.000Z',
    now: '2026-11-27T05:30:00.000Z',
    minutes_played: 30,
    net_result: -120,
    every_minutes: 30,
    due,
    due_in_seconds: due ? 0 : 1800,
  }
}

/** The lobby's calls, and the reminder's as the server would answer them: owed from `dueFrom` on. */
function stubServer(options: { dueAtFirst: boolean }) {
  let due = options.dueAtFirst
  return stubApi({
    'GET /user/@me': ok(demoUser),
    'GET /wallet/v2/balance': ok({ balance: 500, bonus: { remaining: 0 }, refund: { remaining: 0 }, turnover: 0 }),
    'GET /games/providers': ok([]),
    'GET /games/recommends': ok([fortuneOx]),
    'GET /games/providers/recommends': ok([]),
    'GET /games/fishing': ok([]),
    'GET /responsible-play/session': () => ok(state(due)),
    // The reminder fell due since the app last asked (it waits the seconds the server said): the server refuses.
    'POST /portal/launch': () => {
      due = true
      return fail(422, 'SESSION_REMINDER_DUE', 'กรุณารับทราบการแจ้งเตือนเวลาเล่นก่อนเล่นต่อ')
    },
    'POST /responsible-play/session/acknowledge': () => {
      due = false
      return ok(state(false))
    },
  })
}

function renderLobby() {
  stubLayoutApis()
  startSession('token', demoUser)
  return renderRoutes({ url: '/', routes: [{ element: <AppLayout />, children: [page('/', <HomeRoute />)] }] })
}

describe('the session reminder in the lobby', () => {
  it('stands over the lobby when one is owed, with the time played and the net result, until acknowledged', async () => {
    const api = stubServer({ dueAtFirst: true })
    renderLobby()
    const dialog = await screen.findByRole('dialog', { name: 'แจ้งเตือนเวลาเล่น' }, { timeout: 10_000 })
    expect(within(dialog).getByText('คุณเล่นมาแล้ว 30 นาที')).toBeTruthy()
    expect(within(dialog).getByTestId('session-reminder-net').textContent).toContain('120.00')
    fireEvent.click(within(dialog).getByRole('button', { name: 'รับทราบ เล่นต่อ' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(api.mock.calls.some(([url, init]) => String(url).endsWith('/responsible-play/session/acknowledge') && init?.method === 'POST')).toBe(true)
  }, 15_000)

  it('a launch refused because one is owed closes the overlay and the blank window and brings the reminder up', async () => {
    const popup = { closed: false, close: vi.fn() }
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    )
    const api = stubServer({ dueAtFirst: false })
    renderLobby()
    const list = await screen.findByRole('list', { name: 'เกมยอดนิยม' }, { timeout: 10_000 })
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url).endsWith('/responsible-play/session'))).toBe(true))
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(within(list).getByRole('button', { name: 'Fortune Ox' }))
    const dialog = await screen.findByRole('dialog', { name: 'แจ้งเตือนเวลาเล่น' })
    expect(within(dialog).getByText('คุณเล่นมาแล้ว 30 นาที')).toBeTruthy()
    expect(popup.close).toHaveBeenCalled()
    expect(screen.queryByText('กำลังเข้าสู่เกม...')).toBeNull()
    // The reminder is the answer: no error toast repeats it.
    expect(screen.queryByText('กรุณารับทราบการแจ้งเตือนเวลาเล่นก่อนเล่นต่อ')).toBeNull()
  }, 15_000)
})
