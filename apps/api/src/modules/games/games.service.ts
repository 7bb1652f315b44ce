import { createHash } from 'node:crypto'
import { msg, type Game, type Provider } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { GameRow, GamesRepository, ProviderRow } from './games.repository.ts'

const POPULAR_LIMIT = 30
const POPULAR_PROVIDERS = 9

export const toProvider = (p: ProviderRow): Provider => ({ code: p.code, title: p.title, image: p.image, type: p.types, maintenance: p.maintenance, lobby: p.lobby, sort: p.sort })
export const toGame = (g: GameRow): Game => ({ code: g.code, title: g.title, image: g.image, type: g.type, provider: g.providerCode, lobby: g.lobby, maintenance: g.maintenance, popularity: g.popularity })

/** A catalogue answer with its ETag: the same data always gets the same tag. */
export interface Cached<T> {
  data: T
  etag: string
}

function cached<T>(data: T): Cached<T> {
  return { data, etag: `"${createHash('sha1').update(JSON.stringify(data)).digest('base64url')}"` }
}

/**
 * The game catalogue. It changes only when an operator edits it, so answers are kept in memory for a few
 * seconds (and served with ETags): the lobby's five calls cost no database work on most requests.
 */
export function createGamesService(deps: { db: Db; cacheMs?: number; now?: () => number; gamesRepository: Pick<GamesRepository, 'providers' | 'popularGames' | 'gamesOfType' | 'provider' | 'gamesOf'> }) {
  const { gamesRepository } = deps
  const cacheMs = deps.cacheMs ?? 10_000
  const now = deps.now ?? Date.now
  const memo = new Map<string, { value: Cached<unknown>; until: number }>()

  async function remember<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    const hit = memo.get(key)
    if (hit && hit.until > now()) return hit.value as Cached<T>
    const value = cached(await load())
    memo.set(key, { value, until: now() + cacheMs })
    return value
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
