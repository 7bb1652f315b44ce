import { msg, type Game, type Provider } from '@sanam/contract'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { GameRow, GamesRepository, ProviderRow } from './games.repository.ts'

const POPULAR_LIMIT = 30
const POPULAR_PROVIDERS = 9

export const toProvider = (p: ProviderRow): Provider => ({
  code: p.code,
  title: p.title,
  image: p.image,
  type: p.types,
  maintenance: p.maintenance,
  lobby: p.lobby,
  sort: p.sort,
})
export const toGame = (g: GameRow): Game => ({
  code: g.code,
  title: g.title,
  image: g.image,
  type: g.type,
  provider: g.providerCode,
  lobby: g.lobby,
  maintenance: g.maintenance,
  popularity: g.popularity,
})

/**
 * The game catalogue. It changes only when an operator edits it, so answers are kept in memory for a few
 * seconds (the routes add ETags): the lobby's five calls cost no database work on most requests.
 */
export function createGamesService(deps: {
  db: Db
  cacheMs?: number
  now?: () => number
  gamesRepository: Pick<GamesRepository, 'providers' | 'popularGames' | 'gamesOfType' | 'provider' | 'gamesOf'>
}) {
  const { gamesRepository } = deps
  const cacheMs = deps.cacheMs ?? 10_000
  const now = deps.now ?? Date.now
  // One entry per answer (five lists plus one per provider): the size bound only guards against a flood of codes.
  const memo = new LRUCache<string, { data: unknown }>({ max: 1_000, ttl: cacheMs, ttlResolution: 0, perf: { now } })

  async function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = memo.get(key)
    if (hit) return hit.data as T
    const data = await load()
    memo.set(key, { data })
    return data
  }

  return {
    providers: () => remember('providers', async () => (await gamesRepository.providers(deps.db)).map(toProvider)),
    popularGames: () => remember('recommends', async () => (await gamesRepository.popularGames(deps.db, POPULAR_LIMIT)).map(toGame)),
    popularProviders: () =>
      remember('providers-recommends', async () =>
        (await gamesRepository.providers(deps.db))
          .sort((a, b) => b.popularity - a.popularity || a.sort - b.sort)
          .slice(0, POPULAR_PROVIDERS)
          .map(toProvider),
      ),
    fishing: () => remember('fishing', async () => (await gamesRepository.gamesOfType(deps.db, 'FISHING')).map(toGame)),
    async gamesOf(providerCode: string) {
      return remember(`provider:${providerCode}`, async () => {
        const provider = await gamesRepository.provider(deps.db, providerCode)
        if (!provider) throw new AppError('NOT_FOUND', msg('PROVIDER_NOT_FOUND'))
        return (await gamesRepository.gamesOf(deps.db, providerCode)).map(toGame)
      })
    },
    /** Forget cached answers (after a back-office edit). */
    invalidate: () => memo.clear(),
  }
}
export type GamesService = ReturnType<typeof createGamesService>
