import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endSession, getSession, startSession } from '../lib/session.ts'
import { demoUser, landing, ok, renderRoutes, stubApi } from '../testing/render.tsx'
import { GuestOnly, isRestricted, RequireAuth, Unrestricted } from './guards.tsx'

const routes = [
  { element: <GuestOnly />, children: [landing('/login'), landing('/register')] },
  { element: <RequireAuth />, children: [landing('/'), landing('*')] },
]

afterEach(() => {
  cleanup()
  endSession()
  vi.unstubAllGlobals()
})

describe('navigation guard (spec §2)', () => {
  it.each(['/', '/deposit', '/no-such-page'])('without a token %s goes to /login', (url) => {
    const { router } = renderRoutes({ url, routes })
    expect(router.state.location.pathname).toBe('/login')
  })

  it.each(['/login', '/register'])('without a token %s stays', (url) => {
    renderRoutes({ url, routes })
    expect(screen.getByTestId('landed').textContent).toBe(url)
  })

  it.each(['/login', '/register'])('with a token %s goes to /', (url) => {
    startSession('t', demoUser)
    const { router } = renderRoutes({ url, routes })
    expect(router.state.location.pathname).toBe('/')
  })

  it('with a token an unknown path stays (it shows the maintenance page)', () => {
    startSession('t', demoUser)
    renderRoutes({ url: '/history', routes })
    expect(screen.getByTestId('landed').textContent).toBe('*')
  })
})

describe('restricted mode (ADR 047)', () => {
  const restrictedRoutes = [
    {
      element: <RequireAuth />,
      children: [{ element: <Unrestricted />, children: [landing('/'), landing('/deposit')] }, landing('/withdraw'), landing('/responsible-play')],
    },
  ]
  const timeOut = (endsAt: string | null) => ({
    ...demoUser,
    restriction: { kind: 'TIME_OUT' as const, period: '24H' as const, starts_at: '2026-11-27T00:00:00.000Z', ends_at: endsAt },
  })

  it.each(['/', '/deposit'])('while one is in force %s goes to /responsible-play', (url) => {
    startSession('t', timeOut(new Date(Date.now() + 3_600_000).toISOString()))
    const { router } = renderRoutes({ url, routes: restrictedRoutes })
    expect(router.state.location.pathname).toBe('/responsible-play')
  })

  it('withdraw stays open in restricted mode, and a past end restricts nothing', () => {
    startSession('t', timeOut(null))
    renderRoutes({ url: '/withdraw', routes: restrictedRoutes })
    expect(screen.getByTestId('landed').textContent).toBe('/withdraw')
    expect(isRestricted(timeOut(new Date(Date.now() - 1_000).toISOString()))).toBe(false)
    expect(isRestricted(timeOut(null))).toBe(true)
    expect(isRestricted(demoUser)).toBe(false)
  })

  /** A reload, a bookmark or a typed URL: the session has its token back from storage, and no player yet. */
  const tokenOnly = () => startSession('t', null as unknown as typeof demoUser)

  it.each(['/referral', '/promotion'])('reached by URL with only a token, %s loads the player first and goes to /responsible-play', async (url) => {
    const restricted = timeOut(null)
    stubApi({ 'GET /user/@me': ok(restricted) })
    tokenOnly()
    const { router } = renderRoutes({
      url,
      routes: [
        {
          element: <RequireAuth />,
          children: [{ element: <Unrestricted />, children: [landing('/referral'), landing('/promotion')] }, landing('/responsible-play')],
        },
      ],
    })
    // Nothing of the page is drawn while the player is unknown.
    expect(screen.queryByTestId('landed')).toBeNull()
    await waitFor(() => expect(router.state.location.pathname).toBe('/responsible-play'))
    expect((await screen.findByTestId('landed')).textContent).toBe('/responsible-play')
    expect(getSession().user?.restriction?.kind).toBe('TIME_OUT')
  })
})
