import fc from 'fast-check'
import type { RouteOptions } from 'fastify'
import type { z } from 'zod'
import type { AppDeps } from '../src/app.ts'
import { isApiDocsRoute, securityOf } from '../src/plugins/api-docs.ts'
import { validArbitrary } from './zod-arbitrary.ts'

/** One route of the real app as Fastify registered it, with the zod schemas it validates against. */
export interface TableRoute {
  method: string
  /** The full path with its prefix, e.g. `/api/backoffice/withdrawals/:id/approve`. */
  path: string
  schema: { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType }
  /**
   * Answers a stream that stays open (Server-Sent Events, ADR 049): `inject` would wait for its end forever, so the
   * tests that call every route leave it to its own tests (wallet-stream.routes.test.ts, over a socket).
   */
  streams: boolean
  /** The security schemes a caller must satisfy (`player`, `operator`, a signature), as the API document says; empty: public. */
  security: string[]
}

/** Whether a route's success answer is an event stream. */
function streams(route: RouteOptions): boolean {
  const ok = (route.schema?.response as Record<string, { content?: Record<string, unknown> }> | undefined)?.[200]
  return ok?.content?.['text/event-stream'] !== undefined
}

/**
 * Collects the app's routes through Fastify's `onRoute` hook (pass `deps` to buildTestApp), so a test walks the route
 * table the server really has: a route added tomorrow is in it without anyone editing the test. HEAD twins of GETs
 * are left out, and so are the API document's own routes (its JSON and reference page, ADR 026), which answer in
 * their own formats rather than the envelope.
 */
export function routeTable(): { deps: Pick<AppDeps, 'onRoute'>; routes: TableRoute[] } {
  const routes: TableRoute[] = []
  return {
    routes,
    deps: {
      onRoute(route: RouteOptions) {
        if (isApiDocsRoute(route.url)) return
        const methods = Array.isArray(route.method) ? route.method : [route.method]
        for (const method of methods) {
          if (method === 'HEAD') continue
          routes.push({
            method,
            path: route.url,
            schema: (route.schema ?? {}) as TableRoute['schema'],
            streams: streams(route),
            security: [...new Set((securityOf(route)?.security ?? []).flatMap((requirement) => Object.keys(requirement)))],
          })
        }
      },
    },
  }
}

/** `:name` and `*` parameters of a path. */
export const pathParams = (path: string) => (path.match(/:[A-Za-z]+|\*/g) ?? []).map((p) => p.replace(/^:/, ''))

/** A request the route's schemas accept (so validation never answers before the route's own checks do). */
export function validRequest(route: TableRoute) {
  const sample = <T>(schema: z.ZodType | undefined): T | undefined =>
    schema ? (fc.sample(validArbitrary(schema), { seed: 12, numRuns: 1 })[0] as T) : undefined
  const params = sample<Record<string, string>>(route.schema.params) ?? {}
  const url = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? '1'))
  const query = sample<Record<string, unknown>>(route.schema.querystring)
  const search = query
    ? new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))).toString()
    : ''
  const body = sample<Record<string, unknown>>(route.schema.body)
  return { method: route.method as 'GET' | 'POST', url: search ? `${url}?${search}` : url, ...(body === undefined ? {} : { payload: body }) }
}
