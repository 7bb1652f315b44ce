import { gamesContract } from '@sanam/contract'
import etag from '@fastify/etag'
import type { FastifyReply } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { GamesService } from './games.service.ts'

/**
 * Browsers ask again each time with the answer's ETag (a 304 when unchanged): a provider put in maintenance in the
 * back-office is never hidden behind a browser's copy; the server's own memory (games.service) keeps it cheap.
 */
function send<T>(reply: FastifyReply, data: T) {
  void reply.header('cache-control', 'public, no-cache')
  return ok(data)
}

/** The catalogue, in its own scope: @fastify/etag tags each answer by its body and answers 304 to a client that has it. */
export async function gamesRoutes(app: TypedApp, deps: { games: GamesService }) {
  const { games } = deps
  await app.register(etag)
  app.get('/games/providers', { schema: gamesContract.providers }, async (req, reply) => send(reply, await games.providers()))
  app.get('/games/recommends', { schema: gamesContract.recommends }, async (req, reply) => send(reply, await games.popularGames()))
  app.get('/games/providers/recommends', { schema: gamesContract.providerRecommends }, async (req, reply) => send(reply, await games.popularProviders()))
  app.get('/games/fishing', { schema: gamesContract.fishing }, async (req, reply) => send(reply, await games.fishing()))
  app.get('/games/:provider', { schema: gamesContract.byProvider }, async (req, reply) => send(reply, await games.gamesOf(req.params.provider)))
}
