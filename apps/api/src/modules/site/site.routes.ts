import etag from '@fastify/etag'
import type { FastifyError } from 'fastify'
import { backofficeSiteContract, MAX_UPLOAD_IMAGE_BYTES, mayOperator, msg, siteContract, type LogLevel } from '@sanam/contract'
import type { Database } from '../../db/client.ts'
import { AppError, handleError } from '../../errors.ts'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { MediaUploadService } from './media-upload.service.ts'
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

/**
 * PUT /dev/log-level: the answering process's log level from now on (demo mode only; registered there alone). Made for
 * `npm run bench`'s comparison of the request log at the default level against none (issue 40 §1): the two levels
 * measured by turns on one server, where two servers alike differed by more than the log costs (ADR 102). With
 * several API processes it changes the one that answers; a restart goes back to LOG_LEVEL.
 */
export function devLogLevelRoutes(app: TypedApp) {
  app.put('/dev/log-level', { schema: siteContract.devLogLevel }, async (req) => {
    const was = app.log.level as LogLevel
    app.log.level = req.body.level
    app.log.warn({ logLevel: req.body.level, was }, 'log level changed')
    return ok({ level: req.body.level, was })
  })
}

/** Serves /media/<path> and the web app manifest (outside /api: these are files, not JSON envelopes). */
export async function mediaRoutes(app: TypedApp, deps: { site: SiteService }) {
  // The stored content tag is the ETag; @fastify/etag answers 304 to a client that has it.
  await app.register(etag)
  // Browsers look for a new manifest now and then; a saved setting reaches them on their next look.
  app.get('/manifest.webmanifest', { schema: siteContract.manifest }, async (_req, reply) => {
    void reply.type('application/manifest+json').header('cache-control', 'no-cache')
    return deps.site.manifest()
  })
  app.get('/media/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*']
    const file = await deps.site.media(path)
    return (
      reply
        .header('content-type', file.contentType)
        .header('etag', file.etag)
        .header('cache-control', 'public, max-age=3600')
        // An SVG opened directly must not run script, whoever uploaded it; it may use the fonts it carries inside itself.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; font-src data:; sandbox")
        .send(file.body)
    )
  })
}

/**
 * The back-office's site settings editor (issue 20 §3, ADR 068): every operator role reads the settings and the change
 * waiting; 'site.manage' saves (the look applies at once, the content waits); a second operator holding
 * 'money.decide' applies a waiting change; whoever may save or apply turns one down.
 */
export function backofficeSiteRoutes(app: TypedApp, deps: { site: SiteService; operator: OperatorGuard }) {
  const c = backofficeSiteContract
  app.get('/backoffice/site', { schema: c.get, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await deps.site.settings(req.operator.operatorId)),
  )
  app.post('/backoffice/site', { schema: c.save, preHandler: deps.operator('site.manage') }, async (req) => {
    const saved = await deps.site.save(req.operator, req.body)
    return ok(saved.settings, msg(saved.proposed ? 'SITE_PROPOSED' : saved.lookChanged ? 'SITE_SAVED' : 'SITE_UNCHANGED'))
  })
  app.post('/backoffice/site/versions/:id/approve', { schema: c.approve, preHandler: deps.operator('money.decide') }, async (req) =>
    ok(await deps.site.approve(req.operator, pathId(req.params)), msg('SITE_APPLIED')),
  )
  app.post('/backoffice/site/versions/:id/reject', { schema: c.reject, preHandler: deps.operator('backoffice.read') }, async (req) => {
    // Turning a change down shows players nothing new: its proposers' roles and its approvers' may.
    if (!mayOperator(req.operator.role, 'site.manage') && !mayOperator(req.operator.role, 'money.decide')) throw new AppError('FORBIDDEN')
    return ok(await deps.site.reject(req.operator, pathId(req.params), req.body.reason), msg('SITE_REJECTED'))
  })
}

/**
 * `POST /api/backoffice/media`: an operator uploads an image as the request body itself (`Content-Type: image/png`,
 * ...), not a multipart form: one file, no form parser. Registered in a scope of its own, so the image body parser and
 * its 2 MiB limit apply to this route alone.
 */
export async function mediaUploadRoutes(app: TypedApp, deps: { media: MediaUploadService; operator: OperatorGuard }) {
  app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_IMAGE_BYTES }, (_req, body, done) => done(null, body))
  // The framework's "too large" answer is generic; an operator picking a file wants to know the limit.
  app.setErrorHandler((error: FastifyError, request, reply) =>
    handleError(error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('PAYLOAD_TOO_LARGE', msg('IMAGE_TOO_LARGE')) : error, request, reply),
  )
  app.post(
    '/backoffice/media',
    { schema: siteContract.uploadMedia, bodyLimit: MAX_UPLOAD_IMAGE_BYTES, preHandler: deps.operator('media.upload') },
    async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', msg('IMAGE_TYPE_REFUSED'))
      return ok(await deps.media.uploadImage(req.operator, req.headers['content-type']?.split(';')[0]?.trim().toLowerCase(), req.body), msg('IMAGE_UPLOADED'))
    },
  )
}
