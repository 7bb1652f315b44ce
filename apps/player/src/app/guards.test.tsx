import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { endSession, startSession } from '../lib/session.ts'
import { demoUser, landing, renderRoutes } from '../testing/render.tsx'
import { GuestOnly, isRestricted, RequireAuth, Unrestricted } from './guards.tsx'

const routes = [
  { element: <GuestOnly />, children: [landing('/login'), landing('/register')] },
  { element: <RequireAuth />, children: [landing('/'), landing('*')] },
]

afterEach(() => {
  cleanup()
  endSession()
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
})
