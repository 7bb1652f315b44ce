import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp } from '../test/app.ts'
import { pathParams, routeTable } from '../test/route-table.ts'
import { API_DOCS_PREFIX, OPENAPI_PATH } from './plugins/api-docs.ts'

// The API document (issue 11 §7, ADR 026): generated at start from the routes' zod schemas, valid OpenAPI 3.1, and
// complete: every /api route of the real app (read through onRoute) is in it with its schemas, so a route added
// without them fails here.

interface Operation {
  tags?: string[]
  description?: string
  security?: Record<string, string[]>[]
  parameters?: { in: string; name: string; schema?: object }[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; description?: string }> }
}

const table = routeTable()
const t = useTestApp({ deps: table.deps })
let doc: Document

beforeAll(async () => {
  const res = await t.get(OPENAPI_PATH)
  expect(res.statusCode).toBe(200)
  doc = res.json<Document>()
})

/** `/api/games/:provider` as the document writes it: `/api/games/{provider}`. */
const documentPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}')
const operation = (method: string, path: string) => doc.paths[documentPath(path)]?.[method.toLowerCase()]

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('has every /api route of the app, each with its schemas', () => {
    const apiRoutes = table.routes.filter((r) => r.path.startsWith('/api/'))
    expect(apiRoutes.length).toBeGreaterThan(30)
    const problems: string[] = []
    for (const route of apiRoutes) {
      const key = `${route.method} ${route.path}`
      const op = operation(route.method, route.path)
      if (!op) {
        problems.push(`${key}: not in the document`)
        continue
      }
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status))
      // JSON, a report's CSV file (issue 20 §5), or the live balance's event stream (ADR 049).
      const bodyOf = (answer: (typeof success)[number][1]) =>
        answer.content?.['application/json'] ?? answer.content?.['text/csv'] ?? answer.content?.['text/event-stream']
      if (success.length === 0 || success.some(([, answer]) => !bodyOf(answer)?.schema)) problems.push(`${key}: no response schema`)
      if (!op.responses?.default?.content?.['application/json']?.schema) problems.push(`${key}: no error envelope`)
      for (const name of pathParams(route.path)) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name && p.schema)) problems.push(`${key}: no schema for path parameter ${name}`)
      }
      if (route.schema.body && !op.requestBody?.content?.['application/json']?.schema) problems.push(`${key}: no request body schema`)
      if (route.schema.querystring && !op.parameters?.some((p) => p.in === 'query')) problems.push(`${key}: no query parameters`)
      if (!op.tags?.length) problems.push(`${key}: no tag`)
    }
    expect(problems).toEqual([])
  })

  it('has nothing but /api routes: not the web apps, media files or the demo game pages', () => {
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/api\//)
    expect(Object.keys(doc.paths).filter((p) => p.startsWith(API_DOCS_PREFIX) || p === OPENAPI_PATH)).toEqual([])
  })

  it('names who may call each route: player and operator bearer tokens, public routes, operator roles', () => {
    expect(doc.components.securitySchemes.player).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.securitySchemes.operator).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(operation('GET', '/api/wallet/v2/balance')?.security).toEqual([{ player: [] }])
    expect(operation('POST', '/api/portal/launch')?.security).toEqual([{ player: [] }])
    expect(operation('POST', '/api/auth/login')?.security).toEqual([])
    expect(operation('GET', '/api/games/providers')?.security).toEqual([])
    expect(operation('POST', '/api/backoffice/auth/login')?.security).toEqual([])
    expect(operation('POST', '/api/backoffice/withdrawals/:id/approve')).toMatchObject({
      security: [{ operator: [] }],
      description: 'Operator roles: finance.',
    })
    expect(operation('GET', '/api/backoffice/withdrawals')?.description).toBe('Operator roles: owner, finance, support, compliance.')
  })

  it('documents the live balance stream: text/event-stream, the player token, its events and their end', () => {
    const op = operation('GET', '/api/wallet/stream')
    expect(op?.security).toEqual([{ player: [] }])
    const stream = op?.responses?.['200']?.content?.['text/event-stream']?.schema as { type?: string; description?: string } | undefined
    expect(stream?.type).toBe('string')
    for (const words of ['event: balance', 'GET /api/wallet/v2/balance', 'heartbeats', 'reconnect with backoff', '401'])
      expect(stream?.description).toContain(words)
  })

  it('documents the signing rules of the bank feed and the seamless wallet', () => {
    const schemes = doc.components.securitySchemes
    expect(schemes.bankSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Signature' })
    expect(schemes.providerSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Signature' })
    expect(schemes.signatureTimestamp).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Timestamp' })
    for (const scheme of [schemes.bankSignature, schemes.providerSignature])
      expect(scheme?.description).toContain('METHOD + "\\n" + path + "\\n" + X-Timestamp + "\\n" + raw body')
    expect(operation('POST', '/api/bank/transfers')?.security).toEqual([{ bankSignature: [], signatureTimestamp: [] }])
    // Timestamped by default; body-only for a provider its operator set so (ADR 015).
    expect(operation('POST', '/api/seamless/:provider/:op')?.security).toEqual([{ providerSignature: [], signatureTimestamp: [] }, { providerSignature: [] }])
  })

  it('shows the seamless request body, which the handler validates itself', () => {
    const body = operation('POST', '/api/seamless/:provider/:op')?.requestBody?.content?.['application/json']?.schema as
      { anyOf?: { properties?: object; required?: string[] }[] } | undefined
    // One schema per operation: balance, bet, win, rollback.
    expect(body?.anyOf).toHaveLength(4)
    const [balance, bet, win, rollback] = body?.anyOf ?? []
    expect(balance?.required).toEqual(expect.arrayContaining(['request_id', 'session_token']))
    for (const money of [bet, win]) expect(money?.required).toEqual(expect.arrayContaining(['request_id', 'session_token', 'round_id', 'tx_id', 'amount']))
    expect(rollback?.required).toEqual(expect.arrayContaining(['tx_id', 'ref_tx_id']))
    const op = operation('POST', '/api/seamless/:provider/:op')?.parameters?.find((p) => p.name === 'op')
    expect(op?.schema).toMatchObject({ enum: ['balance', 'bet', 'win', 'rollback'] })
  })

  it('names LIMIT_EXCEEDED among the seamless answers, and the player limit routes (ADR 048)', () => {
    const answer = JSON.stringify(operation('POST', '/api/seamless/:provider/:op')?.responses?.['200'])
    expect(answer).toContain('"LIMIT_EXCEEDED"')
    expect(JSON.stringify(doc)).toContain('past the daily loss limit the player set')
    for (const [method, path] of [
      ['GET', '/api/responsible-play/limits'],
      ['POST', '/api/responsible-play/limits'],
      ['POST', '/api/responsible-play/limits/confirm'],
      ['POST', '/api/responsible-play/limits/cancel'],
      ['GET', '/api/responsible-play/session'],
      ['POST', '/api/responsible-play/session/acknowledge'],
    ] as const) {
      expect(operation(method, path)?.tags, `${method} ${path}`).toEqual(['Player API'])
    }
  })
})

describe('GET /api/docs', () => {
  it('is an HTML reference page whose scripts and styles come from this server, not a CDN', async () => {
    const res = await t.get(API_DOCS_PREFIX)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i)
    // The page keeps the server's CSP: scripts only from this origin.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '')
    expect(assets.length).toBeGreaterThan(3)
    for (const asset of assets) {
      const url = new URL(asset, `http://sanam.test${API_DOCS_PREFIX}`)
      expect(url.host, asset).toBe('sanam.test')
      const file = await t.get(url.pathname)
      expect(file.statusCode, asset).toBe(200)
    }
  })

  it('loads the document the page shows from this server', async () => {
    const initializer = await t.get(`${API_DOCS_PREFIX}/static/swagger-initializer.js`)
    expect(initializer.statusCode).toBe(200)
    expect(initializer.body).toContain("resolveUrl('./json')")
    const json = await t.get(`${API_DOCS_PREFIX}/json`)
    expect(json.json()).toEqual(doc)
  })
})
