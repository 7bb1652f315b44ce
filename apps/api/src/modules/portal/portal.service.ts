import { msg } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import { newToken, sha256 } from '../../lib/crypto.ts'
import type { Actor } from '../../lib/actor.ts'
import type { GameRow, GamesRepository, ProviderRow } from '../games/games.repository.ts'
import type { GameProvider } from './game-provider.ts'
import type { PortalRepository } from './portal.repository.ts'
import { inTransaction } from '../../db/transaction.ts'

/**
 * A rule about the player that refuses every launch, whatever the game (a time-out or self-exclusion, a session
 * reminder owed). Asked first, before the catalogue is read: its refusal is the answer to any well-formed launch, never
 * hidden behind a game in maintenance or an unknown code. Throws AppError.
 */
export type PlayerLaunchGuard = (context: { playerId: number; sessionId: number }) => Promise<void>

/** A rule about this game for this player (the promotions issue adds "prohibited by your promotion"). Throws AppError. */
export type LaunchGuard = (context: { playerId: number; sessionId: number; provider: ProviderRow; game: GameRow | null }) => Promise<void>

/**
 * Launching games and provider lobbies: the player's own refusals first, then the game's (catalogue, maintenance, the
 * game guards), then a short-lived game session and the adapter's URL.
 */
export function createPortalService(deps: {
  db: Db
  clock: Clock
  adapters: GameProvider[]
  sessionTtlMinutes: number
  playerGuards?: PlayerLaunchGuard[]
  guards?: LaunchGuard[]
  gamesRepository: Pick<GamesRepository, 'provider' | 'game'>
  portalRepository: Pick<PortalRepository, 'insertSession'> & Partial<Pick<PortalRepository, 'findSession' | 'revokeSession'>>
}) {
  const { db, clock, gamesRepository, portalRepository } = deps
  const adapters = new Map(deps.adapters.map((a) => [a.name, a]))

  async function open(actor: Actor, providerCode: string, gameCode: string | null, lang: 'th' | 'en') {
    for (const guard of deps.playerGuards ?? []) await guard({ playerId: actor.playerId, sessionId: actor.sessionId })
    const provider = await gamesRepository.provider(db, providerCode)
    if (!provider) throw new AppError('NOT_FOUND', msg('PROVIDER_NOT_FOUND'))
    if (provider.maintenance) throw new AppError('RULE_REFUSED', msg('PROVIDER_MAINTENANCE'))
    let game: GameRow | null = null
    if (gameCode !== null) {
      game = (await gamesRepository.game(db, providerCode, gameCode)) ?? null
      if (!game) throw new AppError('NOT_FOUND', msg('GAME_NOT_FOUND'))
      if (game.maintenance) throw new AppError('RULE_REFUSED', msg('GAME_MAINTENANCE'))
    } else if (!provider.lobby) {
      throw new AppError('RULE_REFUSED', msg('PROVIDER_HAS_NO_LOBBY'))
    }
    for (const guard of deps.guards ?? []) await guard({ playerId: actor.playerId, sessionId: actor.sessionId, provider, game })
    const adapter = adapters.get(provider.adapter)
    if (!adapter) throw new AppError('DEPENDENCY_DOWN', msg('PROVIDER_NOT_READY'))

    const token = newToken()
    const now = clock.now()
    await portalRepository.insertSession(db, {
      tokenHash: sha256(token),
      playerId: actor.playerId,
      providerCode,
      gameCode,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.sessionTtlMinutes * 60_000),
    })
    return { url: await adapter.launchUrl({ sessionToken: token, providerCode, gameCode, lang }) }
  }

  /** The game session behind a token, whatever its state (absent: none); `open` when not revoked, not expired and its player ACTIVE. */
  async function gameSessionOf(token: string) {
    if (!portalRepository.findSession) throw new Error('portal: findSession not given')
    const found = await portalRepository.findSession(db, sha256(token))
    if (!found) return undefined
    const { session } = found
    const open = session.revokedAt === null && session.expiresAt.getTime() > clock.now().getTime() && found.playerStatus === 'ACTIVE'
    return { id: session.id, playerId: session.playerId, providerCode: session.providerCode, gameCode: session.gameCode, open }
  }

  return {
    gameSessionOf,

    /**
     * A vendor's session renewal (ADR 082: Evolution's check and sid): a new game session of the same player, provider
     * and game, live for the session TTL, its token answered. `keepOld` false ends the old one (bets and balance on it
     * are then refused; wins and rollbacks still settle), in the same transaction, on condition that it was still
     * open: of two renewals of one token only one succeeds. Null when the token names no open session.
     */
    async renewGameSession(token: string, options: { keepOld: boolean }): Promise<{ token: string; playerId: number } | null> {
      if (!portalRepository.revokeSession) throw new Error('portal: revokeSession not given')
      const revoke = portalRepository.revokeSession
      const old = await gameSessionOf(token)
      if (!old?.open) return null
      const fresh = newToken()
      const now = clock.now()
      const renewed = await inTransaction(db, async (tx) => {
        if (!options.keepOld && !(await revoke(tx, old.id, now))) return false
        await portalRepository.insertSession(tx, {
          tokenHash: sha256(fresh),
          playerId: old.playerId,
          providerCode: old.providerCode,
          gameCode: old.gameCode,
          createdAt: now,
          expiresAt: new Date(now.getTime() + deps.sessionTtlMinutes * 60_000),
        })
        return true
      })
      return renewed ? { token: fresh, playerId: old.playerId } : null
    },

    launch: (actor: Actor, input: { provider_id: string; game_code: string; lang: 'th' | 'en' }) => open(actor, input.provider_id, input.game_code, input.lang),
    lobby: (actor: Actor, input: { provider_id: string; lang: 'th' | 'en' }) => open(actor, input.provider_id, null, input.lang),
  }
}
export type PortalService = ReturnType<typeof createPortalService>
