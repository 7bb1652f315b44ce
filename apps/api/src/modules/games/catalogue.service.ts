import {
  msg,
  type AuditAction,
  type CatalogueGame,
  type CatalogueProvider,
  type CreateGameBody,
  type CreateProviderBody,
  type UpdateGameBody,
  type UpdateProviderBody,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { GameRow, GamesRepository, ProviderRow } from './games.repository.ts'

export const toCatalogueProvider = (p: ProviderRow & { games: number }): CatalogueProvider => ({
  code: p.code,
  title: p.title,
  image: p.image,
  types: p.types,
  maintenance: p.maintenance,
  lobby: p.lobby,
  sort: p.sort,
  popularity: p.popularity,
  adapter: p.adapter,
  games: p.games,
  updated_at: p.updatedAt.toISOString(),
})
export const toCatalogueGame = (g: GameRow): CatalogueGame => ({
  id: g.id,
  provider: g.providerCode,
  code: g.code,
  title: g.title,
  image: g.image,
  type: g.type,
  lobby: g.lobby,
  maintenance: g.maintenance,
  popularity: g.popularity,
  sort: g.sort,
  updated_at: g.updatedAt.toISOString(),
})

/** What an audit row keeps of a provider or a game: the editable fields, without the change time. */
const providerFacts = ({ updatedAt: _at, games: _n, ...rest }: ProviderRow & { games?: number }) => rest
const gameFacts = ({ updatedAt: _at, ...rest }: GameRow) => rest

/**
 * The back-office catalogue editor (issue 20 §2): providers and games, each change audited with before and after in
 * its transaction. After a change the lobby's cache (games.service) is told to forget: this process answers the new
 * catalogue at once, other processes within their cache's few seconds (GAMES_CACHE_MS in app.ts).
 */
export function createCatalogueService(deps: {
  db: Db
  clock: Clock
  gamesRepository: Pick<
    GamesRepository,
    'providersWithCounts' | 'provider' | 'providerForUpdate' | 'gamesOf' | 'gameForUpdate' | 'insertProvider' | 'insertGames' | 'updateProvider' | 'updateGame'
  >
  auditRepository: Pick<AuditRepository, 'record'>
  /** Told after every committed change (the lobby's cache). */
  onChange?: () => void
}) {
  const { db, clock, gamesRepository: repo, auditRepository } = deps
  /**
   * Changes one provider or game, locked first (NOT_FOUND with `notFound` when there is none), with its audit entry
   * of what it was and what it is, in one transaction.
   */
  async function updateAudited<Row>(
    actor: AuditActor,
    change: {
      action: AuditAction
      targetType: string
      targetId: string
      notFound: string
      lock: (tx: Db) => Promise<Row | undefined>
      update: (tx: Db, now: Date) => Promise<Row>
      facts: (row: Row) => object
    },
  ): Promise<Row> {
    const now = clock.now()
    return inTransaction(db, async (tx) => {
      const before = await change.lock(tx)
      if (!before) throw new AppError('NOT_FOUND', change.notFound)
      const after = await change.update(tx, now)
      const { action, targetType, targetId } = change
      await auditRepository.record(tx, { actor, action, targetType, targetId, before: change.facts(before), after: change.facts(after), at: now })
      return after
    })
  }
  const changed = <T>(value: T): T => {
    deps.onChange?.()
    return value
  }

  return {
    async providers(): Promise<CatalogueProvider[]> {
      return (await repo.providersWithCounts(db)).map(toCatalogueProvider)
    },

    async games(providerCode: string): Promise<CatalogueGame[]> {
      if (!(await repo.provider(db, providerCode))) throw new AppError('NOT_FOUND', msg('PROVIDER_NOT_FOUND'))
      return (await repo.gamesOf(db, providerCode)).map(toCatalogueGame)
    },

    /** A new provider (a fresh install has none); `actor` null for the demo seed. */
    async createProvider(actor: AuditActor | null, body: CreateProviderBody): Promise<CatalogueProvider> {
      const now = clock.now()
      const row = await inTransaction(db, async (tx) => {
        const inserted = await repo.insertProvider(tx, { ...body, updatedAt: now })
        if (!inserted) throw new AppError('CONFLICT', msg('PROVIDER_CODE_TAKEN'))
        await auditRepository.record(tx, {
          actor,
          action: 'catalogue.provider.create',
          targetType: 'provider',
          targetId: inserted.code,
          after: providerFacts(inserted),
          at: now,
        })
        return inserted
      })
      return changed(toCatalogueProvider({ ...row, games: 0 }))
    },

    /** Changes the fields sent (maintenance, lobby flag, order, image, types, ...). */
    async updateProvider(actor: AuditActor, code: string, patch: UpdateProviderBody): Promise<CatalogueProvider> {
      const row = await updateAudited(actor, {
        action: 'catalogue.provider.update',
        targetType: 'provider',
        targetId: code,
        notFound: msg('PROVIDER_NOT_FOUND'),
        lock: (tx) => repo.providerForUpdate(tx, code),
        update: (tx, now) => repo.updateProvider(tx, code, { ...patch, updatedAt: now }),
        facts: providerFacts,
      })
      const games = (await repo.providersWithCounts(db)).find((p) => p.code === code)?.games ?? 0
      return changed(toCatalogueProvider({ ...row, games }))
    },

    /** New games of one provider, audited together; one game is the list of one. A code the provider has is refused. */
    async createGames(actor: AuditActor | null, providerCode: string, bodies: CreateGameBody[]): Promise<CatalogueGame[]> {
      const now = clock.now()
      const rows = await inTransaction(db, async (tx) => {
        if (!(await repo.providerForUpdate(tx, providerCode))) throw new AppError('NOT_FOUND', msg('PROVIDER_NOT_FOUND'))
        const inserted = await repo.insertGames(
          tx,
          bodies.map((b) => ({ ...b, providerCode, updatedAt: now })),
        )
        if (inserted.length !== bodies.length) throw new AppError('CONFLICT', msg('GAME_CODE_TAKEN'))
        // One change, one audit row: the provider's new games (a seeded catalogue writes a row per provider, not per game).
        await auditRepository.record(tx, {
          actor,
          action: 'catalogue.games.create',
          targetType: 'provider',
          targetId: providerCode,
          after: { games: inserted.map(gameFacts) },
          at: now,
        })
        return inserted
      })
      return changed(rows.map(toCatalogueGame))
    },

    async updateGame(actor: AuditActor, id: number, patch: UpdateGameBody): Promise<CatalogueGame> {
      const row = await updateAudited(actor, {
        action: 'catalogue.game.update',
        targetType: 'game',
        targetId: String(id),
        notFound: msg('GAME_NOT_FOUND'),
        lock: (tx) => repo.gameForUpdate(tx, id),
        update: (tx, now) => repo.updateGame(tx, id, { ...patch, updatedAt: now }),
        facts: gameFacts,
      })
      return changed(toCatalogueGame(row))
    },
  }
}
export type CatalogueService = ReturnType<typeof createCatalogueService>
