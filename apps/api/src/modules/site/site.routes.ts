import etag from '@fastify/etag'
import { backofficeSiteContract, msg, siteContract } from '@sanam/contract'
import type { Database } from '../../db/client.ts'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { SiteService } from './site.service.ts'

export function siteRoutes(app: TypedApp, deps: { site: SiteService; database: Pick<Database, 'ping'> }) {
  app.get('/site/metadata', { schema: siteContract.metadata }, async (_req, reply) => {
    void reply.header('cache-control', 'public, max-age=30')
    return ok(await deps.site.metadata())
  })

  app.get('/health', { schema: siteContract.health }, async (_req, reply) => {
    const up = await deps.database.ping()
    void reply.header('cache-control', 'no-store')
    if (!up) return reply.status(503).send({ success: false, data: { status: 'degraded', db: 'down' } })
    return ok({ status: 'ok' as const, db: 'up' as const })
  })
}

/** Serves /media/<path> (outside /api: these are files, not JSON). */
export async function mediaRoutes(app: TypedApp, deps: { site: SiteService }) {
  // The stored content tag is the ETag; @fastify/etag answers 304 to a client that has it.
  await app.register(etag)
  app.get('/media/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*']
    const file = await deps.site.media(path)
    return (
      reply
        .header('content-type', file.contentType)
        .header('etag', file.etag)
        .header('cache-control', 'public, max-age=3600')
        // An SVG opened directly must not run script, whoever uploaded it.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(file.body)
    )
  })
}

/** The back-office's site settings editor (issue 20 §3): whoever holds 'site.manage' reads and saves them. */
export function backofficeSiteRoutes(app: TypedApp, deps: { site: SiteService; operator: OperatorGuard }) {
  const manager = deps.operator('site.manage')
  const c = backofficeSiteContract
  app.get('/backoffice/site', { schema: c.get, preHandler: manager }, async () => ok(await deps.site.settings()))
  app.post('/backoffice/site', { schema: c.save, preHandler: manager }, async (req) => ok(await deps.site.save(req.operator, req.body), msg('SITE_SAVED')))
}
