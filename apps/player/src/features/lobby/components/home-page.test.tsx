import type { Game, Provider } from '@sanam/contract'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { stubLayoutApis } from '../../../testing/layout-apis.ts'
import { demoUser, ok, page, renderRoutes, stubApi } from '../../../testing/render.tsx'
import { promotionInfo } from '../../../testing/promotion-info.ts'
import { HomePage } from './home-page.tsx'

const provider = (code: string, title: string, type: string[], extra: Partial<Provider> = {}): Provider => ({
  code,
  title,
  image: `/media/providers/${code}.svg`,
  type,
  maintenance: false,
  lobby: false,
  sort: 0,
  ...extra,
})
const game = (provider: string, code: string, title: string, extra: Partial<Game> = {}): Game => ({
  provider,
  code,
  title,
  image: `/media/games/${code}.svg`,
  type: 'SLOT',
  lobby: false,
  maintenance: false,
  popularity: 1,
  ...extra,
})

const providers = [
  provider('sagaming', 'SA Gaming', ['CASINO'], { lobby: true }),
  provider('awcsexy', 'AE Sexy', ['CASINO'], { lobby: true }),
  provider('jdb', 'JDB', ['SLOT'], { maintenance: true }),
  provider('joker', 'Joker Gaming', ['SLOT', 'GAME']),
  provider('pgsoft', 'PG Soft', ['SLOT']),
]
const jokerGames = [
  game('joker', 'roma', 'Roma Legend'),
  game('joker', 'keno', 'Joker Keno', { type: 'FUNKY', maintenance: true }),
  game('joker', 'hilo', 'Joker Hi-Lo', { type: 'FUNKY' }),
  game('joker', 'long', 'A Very Long Slot Game Title Indeed'),
]
const popular = [
  game('pgsoft', 'ox', 'Fortune Ox', { popularity: 5 }),
  game('joker', 'keno', 'Joker Keno', { maintenance: true, popularity: 9 }),
  game('jili', 'ox2', 'fortune ox', { popularity: 3 }),
]

beforeAll(() => stubLayoutApis())

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  stubLayoutApis()
})

/** The names of a list's buttons (each game or provider's aria-label), in the order a player sees them. */
const labelsIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'))

function stubLobby(balance = 1234.5) {
  return stubApi({
    'GET /wallet/v2/balance': ok({ balance, bonus: { remaining: 300 }, refund: { remaining: 12.5 }, turnover: 0 }),
    'GET /games/providers': ok(providers),
    'GET /games/recommends': ok(popular),
    'GET /games/providers/recommends': ok([
      provider('joker', 'Joker Gaming', ['SLOT', 'GAME']),
      provider('jdb', 'JDB', ['SLOT'], { maintenance: true }),
      provider('awcsexy', 'AE Sexy', ['CASINO'], { lobby: true }),
    ]),
    'GET /games/fishing': ok([game('jili', 'royal', 'Royal Fishing', { type: 'FISHING' })]),
    'GET /games/joker': ok(jokerGames),
  })
}

function renderHome(user = demoUser, url = '/') {
  return renderRoutes({ url, routes: [page('/', <HomePage user={user} onLogout={() => {}} />), page('*', <p>elsewhere</p>)] })
}

describe('HomePage (spec §2 Home lobby)', () => {
  it('greets, shows the balance in baht and the bonus and play-amount cards', async () => {
    stubLobby()
    renderHome()
    expect(screen.getByRole('heading', { level: 1, name: 'สวัสดี คุณสมชาย' })).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('฿1,234.50'))
    expect(screen.getByTestId('bonus').textContent).toBe('300.00 บาท')
    expect(screen.getByTestId('refund').textContent).toBe('12.50 บาท')
    for (const link of screen.getAllByRole('link', { name: /โบนัสแนะนำเพื่อน|ยอดเล่นคืนสะสม/ })) expect(link.getAttribute('href')).toBe('/referral#amount')
    expect(screen.getByRole('link', { name: 'ฝากเงิน' }).getAttribute('href')).toBe('/deposit')
    expect(screen.getByRole('link', { name: 'ถอนเงิน' }).getAttribute('href')).toBe('/withdraw')
    expect(screen.getByRole('link', { name: /^โปรโมชั่น/ }).getAttribute('href')).toBe('/promotion')
  })

  it('tabs list their providers in contract order, maintenance last and not clickable', async () => {
    stubLobby()
    renderHome()
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual(['คาสิโน', 'สล็อต', 'เกม', 'กีฬา'])
    const casino = await screen.findByRole('list', { name: 'ค่ายเกมคาสิโน' })
    expect(labelsIn(casino)).toEqual(['AE Sexy', 'SA Gaming'])

    fireEvent.click(screen.getByRole('tab', { name: 'สล็อต' }))
    expect(screen.getByRole('tab', { name: 'สล็อต' }).getAttribute('aria-selected')).toBe('true')
    const slot = screen.getByRole('list', { name: 'ค่ายเกมสล็อต' })
    const buttons = within(slot).getAllByRole('button')
    expect(labelsIn(slot)).toEqual(['Joker Gaming', 'PG Soft', 'JDB ปิดปรับปรุง'])
    expect((buttons[2] as HTMLButtonElement).disabled).toBe(true)
    expect(within(buttons[2]!).getByText('ปิดปรับปรุง')).toBeTruthy()
  })

  it('a provider shows its games with search and back; selecting a tab resets it', async () => {
    stubLobby()
    renderHome(demoUser, '/?tab=SLOT')
    fireEvent.click(within(await screen.findByRole('list', { name: 'ค่ายเกมสล็อต' })).getByRole('button', { name: 'Joker Gaming' }))
    const games = await screen.findByRole('list', { name: 'Joker Gaming' })
    // SLOT: only joker's slot games; the long title is cut at 20 characters.
    expect(labelsIn(games)).toEqual(['Roma Legend', 'A Very Long Slot Game Title Indeed'])
    expect(within(games).getByText('A Very Long Slot Gam…')).toBeTruthy()

    fireEvent.change(screen.getByRole('searchbox', { name: 'ค้นหาเกม' }), { target: { value: 'ROMA' } })
    expect(within(screen.getByRole('list', { name: 'Joker Gaming' })).getAllByRole('button')).toHaveLength(1)
    fireEvent.change(screen.getByRole('searchbox', { name: 'ค้นหาเกม' }), { target: { value: 'zzz' } })
    expect(screen.getByText('ไม่มีข้อมูล')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'กลับไปหน้าค่ายเกม' }))
    await screen.findByRole('list', { name: 'ค่ายเกมสล็อต' })

    fireEvent.click(within(screen.getByRole('list', { name: 'ค่ายเกมสล็อต' })).getByRole('button', { name: 'Joker Gaming' }))
    await screen.findByRole('list', { name: 'Joker Gaming' })
    fireEvent.click(screen.getByRole('tab', { name: 'เกม' }))
    expect(screen.queryByRole('searchbox')).toBeNull()
    // GAME: joker's funky games and fishing, maintenance last.
    const extras = await screen.findByRole('list', { name: 'ฟังกี้เกมและเกมยิงปลา' })
    expect(labelsIn(extras)).toEqual(['Joker Hi-Lo', 'Royal Fishing', 'Joker Keno ปิดปรับปรุง'])
  })

  it('popular games drop duplicate titles and put maintenance last', async () => {
    stubLobby()
    renderHome()
    const list = await screen.findByRole('list', { name: 'เกมยอดนิยม' })
    expect(labelsIn(list)).toEqual(['Fortune Ox', 'Joker Keno ปิดปรับปรุง'])
    const providersList = await screen.findByRole('list', { name: 'ค่ายเกมยอดนิยม' })
    expect(labelsIn(providersList)).toEqual(['Joker Gaming', 'AE Sexy', 'JDB ปิดปรับปรุง'])
  })

  it('shows the promotion panel only with a promotion and a balance of at least 3', async () => {
    const info = promotionInfo({ title: 'ฝากแรก 50%', turnover: { type: 'TURNOVER', total: 1000, current: 1500 } })
    stubLobby(2)
    renderHome({ ...demoUser, promotion: { enabled: true, info } })
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('฿2.00'))
    expect(screen.queryByRole('region', { name: 'โปรโมชั่นที่รับอยู่' })).toBeNull()
    cleanup()

    stubLobby(50)
    renderHome({ ...demoUser, promotion: { enabled: true, info } })
    const panel = await screen.findByRole('region', { name: 'โปรโมชั่นที่รับอยู่' })
    expect(within(panel).getByTestId('promo-percent').textContent).toBe('100%')
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
    const toggle = within(panel).getByRole('button', { name: /ฝากแรก 50%/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(panel).getAllByRole('group', { hidden: true })).toHaveLength(3)
  })

  describe('while a promotion runs (issue 36, ADR 072)', () => {
    const running = promotionInfo({
      title: 'ฝากแรก 50%',
      rules: [
        { type: 'PROHIBITED_GAMES_PROVIDER', value: ['jili'] },
        { type: 'PROHIBITED_GAMES_TYPE', value: [10] },
      ],
    })

    it('marks the games and providers it forbids, which still open (the server says why)', async () => {
      stubLobby()
      renderHome({ ...demoUser, promotion: { enabled: true, info: running } }, '/?tab=GAME')
      const extras = await screen.findByRole('list', { name: 'ฟังกี้เกมและเกมยิงปลา' })
      await waitFor(() =>
        expect(
          within(extras)
            .getAllByRole('button')
            .map((button) => button.getAttribute('aria-label')),
        ).toEqual(['Joker Hi-Lo (โปรโมชั่นที่คุณรับอยู่ไม่อนุญาตให้เล่น)', 'Royal Fishing (โปรโมชั่นที่คุณรับอยู่ไม่อนุญาตให้เล่น)', 'Joker Keno ปิดปรับปรุง']),
      )
      const hilo = within(extras).getByRole('button', { name: /Joker Hi-Lo/ }) as HTMLButtonElement
      expect(hilo.disabled).toBe(false)
      expect(within(hilo).getByText('ติดเงื่อนไขโปร')).toBeTruthy()
      // An allowed game carries no mark.
      const popularList = await screen.findByRole('list', { name: 'เกมยอดนิยม' })
      const ox = within(popularList).getByRole('button', { name: 'Fortune Ox' })
      expect(within(ox).queryByText('ติดเงื่อนไขโปร')).toBeNull()
    })

    it('names the running promotion instead of inviting the player to choose a bonus', async () => {
      stubLobby()
      renderHome({ ...demoUser, promotion: { enabled: true, info: running } })
      const entry = screen.getByRole('link', { name: /^โปรโมชั่น/ })
      expect(entry.textContent).toContain('กำลังรับโปรโมชั่น ฝากแรก 50%')
      expect(screen.queryByText('เลือกรับโบนัสก่อนฝากเงิน')).toBeNull()
      cleanup()
      stubLobby()
      renderHome()
      expect(screen.getByText('เลือกรับโบนัสก่อนฝากเงิน')).toBeTruthy()
    })
  })
})
