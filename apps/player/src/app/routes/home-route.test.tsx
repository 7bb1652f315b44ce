import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { endSession, getSession, startSession } from '../../lib/session.ts'
import { demoUser, fail, landing, ok, page, renderRoutes, stubApi } from '../../testing/render.tsx'
import { RequireAuth } from '../guards.tsx'
import HomeRoute from './home-route.tsx'

beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {}
})

afterEach(() => {
  cleanup()
  endSession()
  vi.unstubAllGlobals()
})

const catalogue = {
  'GET /wallet/v2/balance': ok({ balance: 0, bonus: { remaining: 0 }, refund: { remaining: 0 }, turnover: 0 }),
  'GET /games/providers': ok([]),
  'GET /games/recommends': ok([]),
  'GET /games/providers/recommends': ok([]),
  'GET /games/fishing': ok([]),
  'POST /auth/logout': ok(null),
}

/** The lobby as the app reaches it: below the guard, which loads the player for every signed-in page. */
function renderHome() {
  startSession('token', { ...demoUser, firstname: 'เก่า' })
  return renderRoutes({ url: '/', routes: [{ element: <RequireAuth />, children: [page('/', <HomeRoute />)] }, landing('/login')] })
}

describe('HomeRoute: the current player (spec §4, §8)', () => {
  it('loads the player fresh and greets with the answer', async () => {
    stubApi({ ...catalogue, 'GET /user/@me': ok(demoUser) })
    renderHome()
    // The first render loads the lobby's modules too: on a busy machine that alone can take over a second.
    await screen.findByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย' }, { timeout: 10_000 })
    expect(getSession().user?.firstname).toBe('สมชาย')
  }, 15_000)

  it('logs out when the server cannot give the player', async () => {
    const api = stubApi({ ...catalogue, 'GET /user/@me': fail(500, 'INTERNAL', 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง') })
    const { router } = renderHome()
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(getSession().token).toBeNull()
    expect(api.mock.calls.some(([url, init]) => String(url).endsWith('/auth/logout') && init?.method === 'POST')).toBe(true)
  })

  it('keeps the session when the call got no answer (offline, or cut off by a reload)', async () => {
    const api = stubApi(catalogue)
    const answer = api.getMockImplementation()!
    api.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/user/@me') ? Promise.reject(new TypeError('Failed to fetch')) : answer(input, init),
    )
    const { router } = renderHome()
    await screen.findByText('เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง')
    expect(router.state.location.pathname).toBe('/')
    expect(getSession().token).toBe('token')
  })
})
