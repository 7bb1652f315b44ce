import type { GameRow } from '../../src/modules/games/games.repository.ts'
import type { PlayerPromotionRow, PromotionRow } from '../../src/modules/promotions/promotions.repository.ts'
import type { PromotionServiceDeps } from '../../src/modules/promotions/promotions.service.ts'
import { insertInto } from './db.ts'

/**
 * Promotions, the promotions players took, their credited deposits and the game catalogue, in memory, with the
 * repository's conditions: turnover and endings change only an ACTIVE promotion.
 */
export function fakePromotionsRepository() {
  const offers: PromotionRow[] = []
  const taken: PlayerPromotionRow[] = []
  const creditedDeposits: Array<{ id: number; playerId: number }> = []
  const catalogue: GameRow[] = []
  const activeOf = (playerId: number) => taken.find((p) => p.playerId === playerId && p.status === 'ACTIVE')
  const activeById = (id: number) => taken.find((p) => p.id === id && p.status === 'ACTIVE')

  const repository: PromotionServiceDeps['promotionsRepository'] = {
    listActive: async () => offers.filter((o) => o.active).sort((a, b) => a.sort - b.sort || a.id - b.id),
    find: async (_db, id) => offers.find((o) => o.id === id),
    // Each offer is its own published version here (id for id): enough for the title a running promotion shows.
    findVersion: async (_db, id) => {
      const offer = offers.find((o) => o.versionId === id)
      return (
        offer && {
          ...offer,
          promotionId: offer.id,
          number: 1,
          status: 'PUBLISHED',
          proposedBy: null,
          proposedAt: offer.createdAt,
          decidedBy: null,
          decidedAt: offer.createdAt,
          decisionNote: null,
        }
      )
    },
    async activeMany(_db, playerIds) {
      const out = new Map<number, PlayerPromotionRow>()
      for (const id of playerIds) {
        const found = activeOf(id)
        if (found) out.set(id, found)
      }
      return out
    },
    hasCreditedDeposit: async (_db, playerId, exceptDepositId) => creditedDeposits.some((d) => d.playerId === playerId && d.id !== exceptDepositId),
    async start(_db, row) {
      return insertInto<PlayerPromotionRow>(taken, { turnoverCurrent: 0n, status: 'ACTIVE', endReason: null, endedAt: null, versionId: null }, row)
    },
    async changeTurnover(_db, changes) {
      for (const change of changes) {
        const row = activeById(change.id)
        if (row) row.turnoverCurrent = row.turnoverCurrent + change.delta > 0n ? row.turnoverCurrent + change.delta : 0n
      }
    },
    async end(_db, id, status, reason, now) {
      const row = activeById(id)
      if (row) Object.assign(row, { status, endReason: reason, endedAt: now })
      return Boolean(row)
    },
    async history(_db, playerId, page, size) {
      const mine = taken.filter((p) => p.playerId === playerId).reverse()
      const rows = mine.slice(page * size, page * size + size).map((pp) => ({ pp, title: offers.find((o) => o.id === pp.promotionId)?.title ?? '' }))
      return { rows, total: mine.length }
    },
    async gameTypes(_db, pairs) {
      const out = new Map<string, string>()
      for (const p of pairs) {
        const game = catalogue.find((g) => g.providerCode === p.providerCode && g.code === p.gameCode)
        if (game) out.set(`${p.providerCode}|${p.gameCode}`, game.type)
      }
      return out
    },
  }
  const gamesRepository: PromotionServiceDeps['gamesRepository'] = {
    gamesOf: async (_db, providerCode) => catalogue.filter((g) => g.providerCode === providerCode),
  }

  return {
    repository,
    gamesRepository,
    taken,
    creditedDeposits,
    addOffer(overrides: Partial<PromotionRow> = {}): PromotionRow {
      const n = offers.length + 1
      return insertInto<PromotionRow>(
        offers,
        {
          versionId: n,
          startsAt: null,
          endsAt: null,
          title: `โปรโมชั่น ${n}`,
          image: '',
          creditGivenType: 'PERCENT',
          creditGiven: 1000n,
          rules: [],
          active: true,
          sort: 0,
          createdAt: new Date('2026-01-01T00:00:00Z'),
        },
        overrides,
      )
    },
    addGame(providerCode: string, code: string, type: string): GameRow {
      const row: GameRow = {
        id: catalogue.length + 1,
        providerCode,
        code,
        title: code,
        image: '',
        type,
        lobby: false,
        maintenance: false,
        popularity: 0,
        sort: 0,
        updatedAt: new Date('2026-01-01T00:00:00Z'),
      }
      catalogue.push(row)
      return row
    },
  }
}
