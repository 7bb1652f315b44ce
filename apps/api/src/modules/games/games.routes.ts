import { gamesContract } from '@sanam/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { Cached, GamesService } from './games.service.ts'

/** Answers 304 when the client has this version, else the data with its ETag; browsers may reuse it for 30 s. */
function send<T>(req: FastifyRequest, reply: FastifyReply, value: Cached<T>) {
  void reply.header('etag', value.etag).header('cache-control', 'public, max-age=30')
  if (req.headers['if-none-match'] === value.etag) return reply.status(304).send()
  return ok(value.data)
}

export function gamesRoutes(app: TypedApp, deps: { games: GamesService }) {
  const { games } = deps
  app.get('/games/providers', { schema: gamesContract.providers }, async (req, reply) => send(req, reply, await games.providers()))
  app.get('/games/recommends', { schema: gamesContract.recommends }, async (req, reply) => send(req, reply, await games.popularGames()))
  app.get('/games/providers/recommends', { schema: gamesContract.providerRecommends }, async (req, reply) => send(req, reply, await games.popularProviders()))
  app.get('/games/fishing', { schema: gamesContract.fishing }, async (req, reply) => send(req, reply, await games.fishing()))
  app.get('/games/:provider', { schema: gamesContract.byProvider }, async (req, reply) => send(req, reply, await games.gamesOf(req.params.provider)))
}
