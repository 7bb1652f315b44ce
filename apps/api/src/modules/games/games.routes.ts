import { gamesContract } from '@sanam/contract'
import etag from '@fastify/etag'
import type { FastifyReply } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { GamesService } from './games.service.ts'

/** Browsers may reuse a catalogue answer for 30 s, then ask again with its ETag (a 304 when unchanged). */
function send<T>(reply: FastifyReply, data: T) {
  void reply.header('cache-control', 'public, max-age=30')
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
