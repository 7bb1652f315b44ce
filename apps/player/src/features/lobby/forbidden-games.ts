/**
 * The games and providers the running promotion forbids (its PROHIBITED_GAMES_TYPE and PROHIBITED_GAMES_PROVIDER
 * rules, read with the contract's own `isProhibited`, the one the server's launch guard uses): the lobby marks their
 * tiles before the player taps (ADR 072). The launch is still refused by the server.
 */
import type { Game, Provider } from '@sanam/contract'
import { isProhibited, type PromotionRule } from '@sanam/contract/promotions/rules'
import { createContext } from 'react'

export interface ForbiddenGames {
  game: (game: Game) => boolean
  provider: (provider: Provider) => boolean
}

/** Without a running promotion nothing is forbidden. */
export const nothingForbidden: ForbiddenGames = { game: () => false, provider: () => false }

/**
 * What `rules` forbid: a game of a prohibited type or provider; a prohibited provider, and a provider whose own lobby
 * opens games of a prohibited type (the server refuses that lobby).
 */
export function forbiddenBy(rules: readonly PromotionRule[]): ForbiddenGames {
  if (!rules.some((rule) => rule.type === 'PROHIBITED_GAMES_TYPE' || rule.type === 'PROHIBITED_GAMES_PROVIDER')) return nothingForbidden
  return {
    game: (game) => isProhibited(rules, { type: game.type, provider: game.provider }),
    provider: (provider) =>
      isProhibited(rules, { type: null, provider: provider.code }) ||
      (provider.lobby && provider.type.some((type) => isProhibited(rules, { type, provider: provider.code }))),
  }
}

/** The home page provides what its player's running promotion forbids; every tile below reads it. */
export const ForbiddenGamesContext = createContext<ForbiddenGames>(nothingForbidden)
