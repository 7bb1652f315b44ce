import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { endSession, startSession } from '../../lib/session.ts'
import { demoUser, page, renderRoutes } from '../../testing/render.tsx'
import { BottomBar } from './bottom-bar.tsx'

afterEach(() => {
  cleanup()
  endSession()
})

describe('BottomBar (spec §2)', () => {
  it('logged out: home and report problem', () => {
    renderRoutes({ url: '/login', routes: [page('*', <BottomBar />)] })
    const links = screen.getAllByRole('link')
    expect(links.map((link) => link.textContent?.replace('(เปิดในหน้าต่างใหม่)', ''))).toEqual(['หน้าหลัก', 'แจ้งปัญหา'])
    expect(links[1]!.getAttribute('href')).toBe('https://line.me/R/ti/p/@sanam-demo')
  })

  it('logged in: history, refer friends, home, rebate, report problem', () => {
    startSession('t', demoUser)
    renderRoutes({ url: '/referral#amount', routes: [page('*', <BottomBar />)] })
    const links = screen.getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/history', '/referral', '/', '/referral#amount', 'https://line.me/R/ti/p/@sanam-demo'])
    expect(screen.getByRole('navigation', { name: 'เมนูหลัก' })).toBeTruthy()
    // The hash tells rebate from refer friends.
    expect(links[3]!.getAttribute('aria-current')).toBe('page')
    expect(links[1]!.getAttribute('aria-current')).toBeNull()
  })

  it('signed in, the player not known yet (a reload): no item until the guard has loaded them; restricted: no referral or rebate', () => {
    startSession('t', null as unknown as typeof demoUser)
    renderRoutes({ url: '/referral', routes: [page('*', <BottomBar />)] })
    expect(screen.queryAllByRole('link')).toEqual([])
    cleanup()
    startSession('t', { ...demoUser, restriction: { kind: 'TIME_OUT', period: '24H', starts_at: '2026-11-27T00:00:00.000Z', ends_at: null } })
    renderRoutes({ url: '/responsible-play', routes: [page('*', <BottomBar />)] })
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/history', '/', 'https://line.me/R/ti/p/@sanam-demo'])
  })
})
