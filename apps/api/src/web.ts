import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { SiteMetadata } from '@sanam/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { errorBody } from './errors.ts'
import { renderPlayerIndex } from './web-index.ts'

export interface WebApps {
  /** Built player app (apps/player/dist), served at /. */
  player?: string | undefined
  /** Built back-office app (apps/backoffice/dist), served at /backoffice/. */
  backoffice?: string | undefined
}

/** The player app's promotion preview, the one page Sanam's own pages may frame (ADR 043). */
const PREVIEW_PATH = '/preview/promotion'

/** Lets only this origin frame the answer (the back-office editor's preview); every other page is framed by nobody. */
function framedBySanam(reply: FastifyReply): FastifyReply {
  const policy = String(reply.getHeader('content-security-policy') ?? '')
  void reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
  return reply.header('x-frame-options', 'SAMEORIGIN')
}

/** Finds the built apps beside the repository root, when they have been built. */
export function findWebApps(root: string): WebApps {
  const dist = (app: string) => {
    const dir = path.join(root, 'apps', app, 'dist')
    return existsSync(path.join(dir, 'index.html')) ? dir : undefined
  }
  return { player: dist('player'), backoffice: dist('backoffice') }
}

/**
 * Serves the two single-page apps (compressed copies made at build time, scripts/precompress.mjs) and the 404s: /api and /media get the JSON envelope, any other
 * unknown path gets the app's index.html so the client router decides (the player app shows its
 * under-maintenance page for unknown routes).
 */
export async function registerWebApps(app: FastifyInstance, apps: WebApps, options: { siteMetadata?: () => Promise<SiteMetadata> } = {}) {
  const immutable = (reply: FastifyReply, file: string) => {
    // Vite puts a content hash in every file under assets/, so they never change.
    void reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache')
  }
  // The player's index.html is sent with the site metadata in it (web-index.ts), so the static plugin does not
  // serve it for '/': every page of the app comes through the not-found handler below.
  const playerTemplate = apps.player ? await readFile(path.join(apps.player, 'index.html'), 'utf8') : undefined
  const playerIndex = async (reply: FastifyReply) => {
    const metadata = options.siteMetadata ? await options.siteMetadata().catch(() => null) : null
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderPlayerIndex(playerTemplate ?? '', metadata))
  }
  if (apps.player) {
    await app.register(fastifyStatic, { root: apps.player, prefix: '/', wildcard: true, index: false, preCompressed: true, setHeaders: immutable })
    app.get('/', (_request, reply) => playerIndex(reply))
  }
  if (apps.backoffice) {
    await app.register(fastifyStatic, {
      root: apps.backoffice,
      prefix: '/backoffice/',
      decorateReply: !apps.player,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      setHeaders: immutable,
    })
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/'
    const wantsHtml = request.method === 'GET' || request.method === 'HEAD'
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || !wantsHtml) {
      return reply.status(404).send(errorBody('NOT_FOUND'))
    }
    if ((url === '/backoffice' || url.startsWith('/backoffice/')) && apps.backoffice) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', apps.backoffice)
    }
    if (url === PREVIEW_PATH && playerTemplate !== undefined) return playerIndex(framedBySanam(reply))
    if (playerTemplate !== undefined) return playerIndex(reply)
    return reply.status(404).send(errorBody('NOT_FOUND'))
  })
}
