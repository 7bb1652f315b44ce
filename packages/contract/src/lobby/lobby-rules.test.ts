import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Game, Provider } from '../schemas/games.ts'
import { gameTypes, providerTypes } from '../schemas/games.ts'
import {
  gamesForProviderTab,
  gameTabList,
  isLobbyTab,
  lobbyTabLabels,
  lobbyTabs,
  maintenanceLast,
  popularGames,
  popularProviders,
  providerPriority,
  providersForTab,
  searchGames,
  SLOT_ONLY_PROVIDERS,
  type LobbyTab,
} from './lobby-rules.ts'

function provider(overrides: Partial<Provider> & Pick<Provider, 'code'>): Provider {
  return { title: overrides.code.toUpperCase(), image: `/img/${overrides.code}.png`, type: [], maintenance: false, lobby: true, sort: 0, ...overrides }
}

let nextGame = 0
function game(overrides: Partial<Game> = {}): Game {
  nextGame += 1
  return {
    code: `g${nextGame}`,
    title: `Game ${nextGame}`,
    image: '/img/game.png',
    type: 'SLOT',
    provider: 'pgsoft',
    lobby: false,
    maintenance: false,
    popularity: 0,
    ...overrides,
  }
}

const codes = (items: readonly { code: string }[]) => items.map((item) => item.code)
const titles = (items: readonly { title: string }[]) => items.map((item) => item.title)

describe('lobby tabs', () => {
  it('are CASINO, SLOT, GAME, SPORT with the copy-deck labels', () => {
    expect(lobbyTabs).toEqual(['CASINO', 'SLOT', 'GAME', 'SPORT'])
    expect(lobbyTabLabels).toEqual({ CASINO: 'คาสิโน', SLOT: 'สล็อต', GAME: 'เกม', SPORT: 'กีฬา' })
  })

  it('recognise only the four tab names', () => {
    expect(lobbyTabs.every(isLobbyTab)).toBe(true)
    expect(isLobbyTab('casino')).toBe(false)
    expect(isLobbyTab('FISHING')).toBe(false)
    expect(isLobbyTab(undefined)).toBe(false)
  })

  it('lead with the spec §9 providers', () => {
    expect(providerPriority).toEqual({
      CASINO: ['awcsexy', 'sagaming', 'wm', 'evo'],
      SLOT: ['joker', 'pgsoft_th_v1', 'pgsoft', 'pragmaticplay', 'amb_pgsoft', 'cq9', 'evo_redtiger', 'spadegaming', 'jili', 'rich88', 'jdb'],
      GAME: ['kingmaker'],
      SPORT: ['sbo', 'saba'],
    })
  })

  it('keep the slot houses other than joker off the GAME tab', () => {
    expect([...SLOT_ONLY_PROVIDERS].sort()).toEqual([
      'amb_pgsoft',
      'cq9',
      'evo_redtiger',
      'jdb',
      'jili',
      'pgsoft',
      'pgsoft_th_v1',
      'pragmaticplay',
      'rich88',
      'spadegaming',
    ])
  })
})

describe('providersForTab', () => {
  it('puts each provider under the tabs its types name', () => {
    const all = [
      provider({ code: 'live', type: ['CASINO_LIVE'] }),
      provider({ code: 'table', type: ['CASINO'] }),
      provider({ code: 'reels', type: ['SLOT'] }),
      provider({ code: 'arcade', type: ['GAME'] }),
      provider({ code: 'fish', type: ['FISHING'] }),
      provider({ code: 'ball', type: ['SPORT'] }),
      provider({ code: 'lotto', type: ['LOTTERY'] }),
      provider({ code: 'none', type: [] }),
    ]
    expect(codes(providersForTab(all, 'CASINO'))).toEqual(['live', 'table'])
    expect(codes(providersForTab(all, 'SLOT'))).toEqual(['reels'])
    expect(codes(providersForTab(all, 'GAME')).sort()).toEqual(['arcade', 'fish'])
    expect(codes(providersForTab(all, 'SPORT')).sort()).toEqual(['ball', 'lotto'])
  })

  it('shows a provider with several types under each of them', () => {
    const both = provider({ code: 'mixed', type: ['SLOT', 'FISHING', 'SPORT'] })
    for (const tab of ['SLOT', 'GAME', 'SPORT'] as const) expect(codes(providersForTab([both], tab))).toEqual(['mixed'])
    expect(providersForTab([both], 'CASINO')).toEqual([])
  })

  it('shows wm and evo only under CASINO and kingmaker only under GAME', () => {
    const all = [
      provider({ code: 'wm', type: ['CASINO', 'SLOT', 'GAME'] }),
      provider({ code: 'evo', type: ['SLOT'] }),
      provider({ code: 'kingmaker', type: ['CASINO', 'SLOT'] }),
    ]
    expect(codes(providersForTab(all, 'CASINO'))).toEqual(['wm', 'evo'])
    expect(codes(providersForTab(all, 'SLOT'))).toEqual([])
    expect(codes(providersForTab(all, 'GAME'))).toEqual(['kingmaker'])
    expect(codes(providersForTab(all, 'SPORT'))).toEqual([])
  })

  it('keeps slot houses off GAME even when they tag fishing, but lets joker in', () => {
    const all = [
      provider({ code: 'pgsoft', type: ['SLOT', 'GAME'] }),
      provider({ code: 'jili', type: ['SLOT', 'FISHING'] }),
      provider({ code: 'joker', type: ['SLOT', 'GAME', 'FISHING'] }),
    ]
    expect(codes(providersForTab(all, 'GAME'))).toEqual(['joker'])
    expect(codes(providersForTab(all, 'SLOT'))).toEqual(['joker', 'pgsoft', 'jili'])
  })

  it('orders the priority list first, then others by sort, then by title', () => {
    const all = [
      provider({ code: 'zeta', title: 'Zeta', type: ['CASINO'], sort: 1 }),
      provider({ code: 'evo', type: ['CASINO_LIVE'], sort: 99 }),
      provider({ code: 'beta', title: 'Beta', type: ['CASINO'], sort: 2 }),
      provider({ code: 'alpha', title: 'Alpha', type: ['CASINO'], sort: 2 }),
      provider({ code: 'awcsexy', type: ['CASINO_LIVE'], sort: 50 }),
      provider({ code: 'sagaming', type: ['CASINO_LIVE'], sort: 0 }),
    ]
    expect(codes(providersForTab(all, 'CASINO'))).toEqual(['awcsexy', 'sagaming', 'evo', 'zeta', 'alpha', 'beta'])
  })

  it('orders by sort before title and compares Thai titles', () => {
    const all = [
      provider({ code: 'b', title: 'ข', type: ['SPORT'], sort: 0 }),
      provider({ code: 'a', title: 'ก', type: ['SPORT'], sort: 0 }),
      provider({ code: 'c', title: 'A', type: ['SPORT'], sort: -1 }),
      provider({ code: 'saba', type: ['SPORT'], sort: 10 }),
    ]
    expect(codes(providersForTab(all, 'SPORT'))).toEqual(['saba', 'c', 'a', 'b'])
  })

  it('puts providers in maintenance last, in the same order among themselves', () => {
    const all = [
      provider({ code: 'joker', type: ['SLOT'], maintenance: true }),
      provider({ code: 'unknown', type: ['SLOT'], sort: 5 }),
      provider({ code: 'jdb', type: ['SLOT'], maintenance: true }),
      provider({ code: 'other', type: ['SLOT'], sort: 1, maintenance: true }),
      provider({ code: 'pgsoft', type: ['SLOT'] }),
    ]
    expect(codes(providersForTab(all, 'SLOT'))).toEqual(['pgsoft', 'unknown', 'joker', 'jdb', 'other'])
  })

  it('orders providers that are all in maintenance as usual', () => {
    const all = [provider({ code: 'sbo', type: ['SPORT'], maintenance: true }), provider({ code: 'saba', type: ['SPORT'], maintenance: true })]
    expect(codes(providersForTab(all, 'SPORT'))).toEqual(['sbo', 'saba'])
  })

  it('returns an empty list for no providers and leaves its input alone', () => {
    expect(providersForTab([], 'CASINO')).toEqual([])
    const input = [provider({ code: 'x', type: ['SLOT'], sort: 2 }), provider({ code: 'joker', type: ['SLOT'] })]
    const before = [...input]
    providersForTab(input, 'SLOT')
    expect(input).toEqual(before)
  })
})

describe('gamesForProviderTab', () => {
  const jokerGames = [
    game({ code: 'roma', provider: 'joker', type: 'SLOT' }),
    game({ code: 'fish', provider: 'joker', type: 'FISHING' }),
    game({ code: 'funky1', provider: 'joker', type: 'FUNKY' }),
    game({ code: 'funky2', provider: 'joker', type: 'FUNKY' }),
  ]

  it("shows only joker's FUNKY games under GAME and SLOT games under SLOT", () => {
    expect(codes(gamesForProviderTab(jokerGames, 'joker', 'GAME'))).toEqual(['funky1', 'funky2'])
    expect(codes(gamesForProviderTab(jokerGames, { code: 'joker' }, 'SLOT'))).toEqual(['roma'])
  })

  it('leaves joker under other tabs, and other providers, unfiltered', () => {
    expect(codes(gamesForProviderTab(jokerGames, 'joker', 'CASINO'))).toEqual(codes(jokerGames))
    const pg = [game({ code: 'a', provider: 'pgsoft', type: 'FUNKY' }), game({ code: 'b', provider: 'pgsoft', type: 'SLOT' })]
    expect(codes(gamesForProviderTab(pg, 'pgsoft', 'GAME'))).toEqual(['a', 'b'])
    expect(codes(gamesForProviderTab(pg, 'unknown_house', 'SLOT'))).toEqual(['a', 'b'])
  })

  it('puts games in maintenance last and keeps the order otherwise', () => {
    const list = [game({ code: '1', maintenance: true }), game({ code: '2' }), game({ code: '3', maintenance: true }), game({ code: '4' })]
    expect(codes(gamesForProviderTab(list, 'pgsoft', 'SLOT'))).toEqual(['2', '4', '1', '3'])
  })

  it('returns an empty list when nothing fits', () => {
    expect(gamesForProviderTab([], 'joker', 'GAME')).toEqual([])
    expect(gamesForProviderTab([game({ provider: 'joker', type: 'SLOT' })], 'joker', 'GAME')).toEqual([])
  })
})

describe('gameTabList', () => {
  it("lists joker's FUNKY games and every FISHING game, nothing else", () => {
    const list = [
      game({ code: 'j-funky', provider: 'joker', type: 'FUNKY' }),
      game({ code: 'j-slot', provider: 'joker', type: 'SLOT' }),
      game({ code: 'pg-funky', provider: 'pgsoft', type: 'FUNKY' }),
      game({ code: 'jili-fish', provider: 'jili', type: 'FISHING' }),
      game({ code: 'j-fish', provider: 'joker', type: 'FISHING' }),
      game({ code: 'crash', provider: 'spribe', type: 'CRASH', title: 'Aviator' }),
    ]
    expect(codes(gameTabList(list))).toEqual(['j-funky', 'jili-fish', 'j-fish'])
  })

  it("puts 'Cash Or Crash' first, matching its title in any case, whatever its type", () => {
    const list = [
      game({ code: 'fish1', provider: 'jili', type: 'FISHING' }),
      game({ code: 'funky', provider: 'joker', type: 'FUNKY' }),
      game({ code: 'coc', provider: 'evo', type: 'CRASH', title: '  CASH or crash ' }),
    ]
    expect(codes(gameTabList(list))).toEqual(['coc', 'fish1', 'funky'])
  })

  it("does not lead with titles that only contain 'Cash Or Crash'", () => {
    const list = [game({ code: 'fish', type: 'FISHING' }), game({ code: 'live', provider: 'joker', type: 'FUNKY', title: 'Cash Or Crash Live' })]
    expect(codes(gameTabList(list))).toEqual(['fish', 'live'])
  })

  it("puts a 'Cash Or Crash' in maintenance after the playable games, ahead of the other closed ones", () => {
    const list = [
      game({ code: 'closed-fish', type: 'FISHING', maintenance: true }),
      game({ code: 'fish', type: 'FISHING' }),
      game({ code: 'coc', provider: 'joker', type: 'FUNKY', title: 'Cash Or Crash', maintenance: true }),
    ]
    expect(codes(gameTabList(list))).toEqual(['fish', 'coc', 'closed-fish'])
  })

  it('drops duplicates by provider and code, keeping the first', () => {
    const list = [
      game({ code: 'ocean', provider: 'jili', type: 'FISHING', title: 'Ocean King' }),
      game({ code: 'ocean', provider: 'joker', type: 'FISHING', title: 'Ocean (joker)' }),
      game({ code: 'ocean', provider: 'jili', type: 'FISHING', title: 'Ocean King again' }),
    ]
    expect(titles(gameTabList(list))).toEqual(['Ocean King', 'Ocean (joker)'])
  })

  it('returns an empty list for no games', () => {
    expect(gameTabList([])).toEqual([])
  })
})

describe('popularGames', () => {
  it('keeps the most popular of games sharing a title, compared trimmed and case-insensitively', () => {
    const list = [
      game({ code: 'low', title: 'Mahjong Ways', popularity: 10 }),
      game({ code: 'other', title: 'Roma', popularity: 50 }),
      game({ code: 'high', title: ' MAHJONG WAYS ', popularity: 90 }),
      game({ code: 'mid', title: 'mahjong ways', popularity: 40 }),
    ]
    expect(codes(popularGames(list))).toEqual(['high', 'other'])
  })

  it('keeps the first of duplicates that are equally popular', () => {
    const list = [game({ code: 'a', title: 'ไก่ชน', popularity: 5 }), game({ code: 'b', title: 'ไก่ชน', popularity: 5 })]
    expect(codes(popularGames(list))).toEqual(['a'])
  })

  it('sorts by popularity, highest first, with games in maintenance last', () => {
    const list = [
      game({ code: 'c', popularity: 1 }),
      game({ code: 'closed', popularity: 1000, maintenance: true }),
      game({ code: 'a', popularity: 30 }),
      game({ code: 'b', popularity: 20 }),
    ]
    expect(codes(popularGames(list))).toEqual(['a', 'b', 'c', 'closed'])
  })

  it('cuts to the limit after ordering', () => {
    const list = [game({ code: 'c', popularity: 1 }), game({ code: 'a', popularity: 3 }), game({ code: 'b', popularity: 2 })]
    expect(codes(popularGames(list, 2))).toEqual(['a', 'b'])
    expect(popularGames(list, 0)).toEqual([])
    expect(codes(popularGames(list, 10))).toEqual(['a', 'b', 'c'])
  })

  it('handles no games and all games in maintenance', () => {
    expect(popularGames([])).toEqual([])
    const closed = [game({ code: 'x', popularity: 1, maintenance: true }), game({ code: 'y', popularity: 2, maintenance: true })]
    expect(codes(popularGames(closed))).toEqual(['y', 'x'])
  })
})

describe('popularProviders', () => {
  it('keeps the server order with providers in maintenance last', () => {
    const list = [provider({ code: 'a', maintenance: true }), provider({ code: 'b' }), provider({ code: 'c', maintenance: true }), provider({ code: 'd' })]
    expect(codes(popularProviders(list))).toEqual(['b', 'd', 'a', 'c'])
    expect(popularProviders([])).toEqual([])
  })
})

describe('searchGames', () => {
  const list = [
    game({ code: 'mw', title: 'Mahjong Ways 2' }),
    game({ code: 'rm', title: 'Roma' }),
    game({ code: 'th', title: 'ไก่ชนมหาสนุก' }),
    game({ code: 'fish', title: 'Fishing God' }),
  ]

  it('finds titles containing the query in any case, ignoring spaces around it', () => {
    expect(codes(searchGames(list, 'WAYS'))).toEqual(['mw'])
    expect(codes(searchGames(list, '  ma '))).toEqual(['mw', 'rm'])
    expect(codes(searchGames(list, 'g'))).toEqual(['mw', 'fish'])
  })

  it('finds Thai titles', () => {
    expect(codes(searchGames(list, 'มหา'))).toEqual(['th'])
    expect(codes(searchGames(list, 'ไก่'))).toEqual(['th'])
  })

  it('returns every game for an empty or blank query, and none when nothing matches', () => {
    expect(searchGames(list, '')).toEqual(list)
    expect(searchGames(list, '   ')).toEqual(list)
    expect(searchGames(list, 'zzz')).toEqual([])
    expect(searchGames([], 'roma')).toEqual([])
  })
})

// ---- properties -------------------------------------------------------------------------------

const knownCodes = [...new Set([...Object.values(providerPriority).flat(), 'unknown_a', 'unknown_b'])]
const arbProvider: fc.Arbitrary<Provider> = fc.record({
  code: fc.oneof(fc.constantFrom(...knownCodes), fc.stringMatching(/^[a-z0-9_]{1,8}$/)),
  title: fc.oneof(fc.string(), fc.constantFrom('ก', 'ข', 'Alpha', 'alpha')),
  image: fc.constant('/img.png'),
  type: fc.subarray([...providerTypes]),
  maintenance: fc.boolean(),
  lobby: fc.boolean(),
  sort: fc.integer({ min: -5, max: 5 }),
})
const arbGame: fc.Arbitrary<Game> = fc.record({
  code: fc.constantFrom('a', 'b', 'c', 'd'),
  title: fc.oneof(fc.string(), fc.constantFrom('Cash Or Crash', ' cash or crash', 'Roma', 'ROMA ', 'ไก่ชน', 'ยิงปลา')),
  image: fc.constant('/img.png'),
  type: fc.constantFrom(...gameTypes),
  provider: fc.constantFrom('joker', 'jili', 'pgsoft', 'evo'),
  lobby: fc.boolean(),
  maintenance: fc.boolean(),
  popularity: fc.integer({ min: 0, max: 100 }),
})
const arbTab = fc.constantFrom(...lobbyTabs)

/** The positions in `input` of the items in `output`, sorted: equal lists mean the same multiset. */
function positions<T>(input: readonly T[], output: readonly T[]): number[] {
  return output.map((item) => input.indexOf(item)).sort((a, b) => a - b)
}
function indicesWhere<T>(input: readonly T[], keep: (item: T) => boolean): number[] {
  return input.flatMap((item, index) => (keep(item) ? [index] : []))
}
function maintenanceIsLast(items: readonly { maintenance: boolean }[]): boolean {
  const firstClosed = items.findIndex((item) => item.maintenance)
  return firstClosed === -1 || items.slice(firstClosed).every((item) => item.maintenance)
}

/** Spec §9 tab membership restated independently of the implementation. */
function expectedInTab(p: Provider, tab: LobbyTab): boolean {
  if (p.code === 'wm' || p.code === 'evo') return tab === 'CASINO'
  if (p.code === 'kingmaker') return tab === 'GAME'
  const has = (...types: string[]) => types.some((t) => p.type.includes(t))
  switch (tab) {
    case 'CASINO':
      return has('CASINO', 'CASINO_LIVE')
    case 'SLOT':
      return has('SLOT')
    case 'SPORT':
      return has('SPORT', 'LOTTERY')
    case 'GAME':
      return has('GAME', 'FISHING') && !SLOT_ONLY_PROVIDERS.has(p.code)
  }
}

describe('lobby ordering properties', () => {
  it('maintenanceLast and popularProviders permute their input, closed items last', () => {
    fc.assert(
      fc.property(fc.array(arbProvider), (input) => {
        for (const output of [maintenanceLast(input), popularProviders(input)]) {
          expect(positions(input, output)).toEqual(input.map((_, i) => i))
          expect(maintenanceIsLast(output)).toBe(true)
        }
      }),
    )
  })

  it('providersForTab permutes exactly the members of the tab, priority first, closed last', () => {
    fc.assert(
      fc.property(fc.array(arbProvider, { maxLength: 30 }), arbTab, (input, tab) => {
        const output = providersForTab(input, tab)
        expect(positions(input, output)).toEqual(indicesWhere(input, (p) => expectedInTab(p, tab)))
        expect(maintenanceIsLast(output)).toBe(true)
        const priority = providerPriority[tab]
        for (const group of [output.filter((p) => !p.maintenance), output.filter((p) => p.maintenance)]) {
          const ranks = group.map((p) => (priority.includes(p.code) ? priority.indexOf(p.code) : priority.length))
          expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
          const others = group.filter((p) => !priority.includes(p.code)).map((p) => p.sort)
          expect(others).toEqual([...others].sort((a, b) => a - b))
        }
      }),
    )
  })

  it('gamesForProviderTab permutes the games the Joker rule keeps, closed last, order kept', () => {
    fc.assert(
      fc.property(fc.array(arbGame), fc.constantFrom('joker', 'jili', 'pgsoft'), arbTab, (input, code, tab) => {
        const output = gamesForProviderTab(input, code, tab)
        const onlyType = code === 'joker' ? ({ GAME: 'FUNKY', SLOT: 'SLOT' } as Partial<Record<LobbyTab, string>>)[tab] : undefined
        expect(positions(input, output)).toEqual(indicesWhere(input, (g) => onlyType === undefined || g.type === onlyType))
        expect(maintenanceIsLast(output)).toBe(true)
        for (const closed of [false, true]) {
          const group = output.filter((g) => g.maintenance === closed)
          expect(group).toEqual(input.filter((g) => group.includes(g)))
        }
      }),
    )
  })

  it('gameTabList holds unique joker FUNKY, FISHING and Cash Or Crash games, closed last', () => {
    fc.assert(
      fc.property(fc.array(arbGame), (input) => {
        const output = gameTabList(input)
        const isLead = (g: Game) => g.title.trim().toLowerCase() === 'cash or crash'
        const keys = output.map((g) => `${g.provider}/${g.code}`)
        expect(new Set(keys).size).toBe(keys.length)
        expect(new Set(keys)).toEqual(
          new Set(
            input.filter((g) => isLead(g) || g.type === 'FISHING' || (g.provider === 'joker' && g.type === 'FUNKY')).map((g) => `${g.provider}/${g.code}`),
          ),
        )
        expect(output.every((g) => input.includes(g))).toBe(true)
        expect(maintenanceIsLast(output)).toBe(true)
        for (const group of [output.filter((g) => !g.maintenance), output.filter((g) => g.maintenance)]) {
          const leads = group.map(isLead)
          expect(leads).toEqual([...leads].sort((a, b) => Number(b) - Number(a)))
        }
      }),
    )
  })

  it('popularGames keeps one game per title, the most popular, ordered by popularity with closed last', () => {
    fc.assert(
      fc.property(fc.array(arbGame), fc.option(fc.nat(10), { nil: undefined }), (input, limit) => {
        const output = popularGames(input, limit)
        const folded = output.map((g) => g.title.trim().toLowerCase())
        expect(new Set(folded).size).toBe(folded.length)
        expect(output.every((g) => input.includes(g))).toBe(true)
        expect(maintenanceIsLast(output)).toBe(true)
        const distinct = new Set(input.map((g) => g.title.trim().toLowerCase())).size
        expect(output.length).toBe(limit === undefined ? distinct : Math.min(limit, distinct))
        for (const g of output) {
          const rivals = input.filter((other) => other.title.trim().toLowerCase() === g.title.trim().toLowerCase())
          expect(g.popularity).toBe(Math.max(...rivals.map((r) => r.popularity)))
        }
        for (const closed of [false, true]) {
          const scores = output.filter((g) => g.maintenance === closed).map((g) => g.popularity)
          expect(scores).toEqual([...scores].sort((a, b) => b - a))
        }
      }),
    )
  })

  it('searchGames returns, in order, exactly the games whose title contains the query', () => {
    fc.assert(
      fc.property(fc.array(arbGame), fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('ROMA', ' cash ', 'ไก่', '')), (input, query) => {
        const output = searchGames(input, query)
        const needle = query.trim().toLowerCase()
        expect(output).toEqual(input.filter((g) => output.includes(g)))
        expect(output.every((g) => g.title.toLowerCase().includes(needle))).toBe(true)
        expect(output.length).toBe(input.filter((g) => g.title.toLowerCase().includes(needle)).length)
      }),
    )
  })
})
