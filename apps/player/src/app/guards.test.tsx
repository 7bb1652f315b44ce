import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { endSession, startSession } from '../lib/session.ts'
import { demoUser, landing, renderRoutes } from '../testing/render.tsx'
import { GuestOnly, RequireAuth } from './guards.tsx'

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
