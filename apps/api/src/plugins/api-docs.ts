import swagger, { type SwaggerTransform } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { ErrorEnvelope } from '@sanam/contract'
import type { RouteOptions } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import packageJson from '../../package.json' with { type: 'json' }
import type { TypedApp } from '../lib/typed-app.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body a handler validates itself (so it can answer a bad body in its own shape, as the seamless wallet
     * does) rather than through `schema.body`. Shown in the API document as the request body; never validated here.
     */
    documentedBody?: z.ZodType
  }
}

/** Where the document and its reference page are served (ADR 026). */
export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PREFIX = '/api/docs'

/** The document's own routes (its JSON, the reference page and its files): served as they are, not in the envelope. */
export const isApiDocsRoute = (url: string) => url === OPENAPI_PATH || url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`)

/** A security requirement of the document: scheme names (keys of `securitySchemes`) that must all be present. */
export type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, string[]>>

const SIGNED_TEXT = '`METHOD + "\\n" + path + "\\n" + X-Timestamp + "\\n" + raw body`'

/** How callers prove who they are (DESIGN §2, ADR 015). */
export const securitySchemes = {
  player: {
    type: 'http',
    scheme: 'bearer',
    description: 'A player session: the `token` from `POST /api/auth/login`. Opaque; ends at logout, after idle time or when revoked (401).',
  },
  operator: {
    type: 'http',
    scheme: 'bearer',
    description: 'An operator session: the `token` from `POST /api/backoffice/auth/login`. Each route lists the roles it admits (403 for another role).',
  },
  bankSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description: `\`sha256=<hex HMAC-SHA256>\` of ${SIGNED_TEXT} with the bank feed secret (\`BANK_WEBHOOK_SECRET\`). Always sent with \`X-Timestamp\`.`,
  },
  providerSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description:
      `\`sha256=<hex HMAC-SHA256>\` with the provider's secret (\`SEAMLESS_SECRET_<CODE>\`, else \`SEAMLESS_SECRET\`): of ${SIGNED_TEXT} on the timestamped scheme ` +
      '(the default), or of the raw body alone for a provider set to the body-only scheme (`SEAMLESS_SIGNATURE_<CODE>=body`, no `X-Timestamp`).',
  },
  evolutionToken: {
    type: 'apiKey',
    in: 'query',
    name: 'authToken',
    description:
      "Evolution's One Wallet (ADR 082): the static token agreed with Evolution (`EVOLUTION_AUTH_TOKEN`), compared in constant time; optionally only from `EVOLUTION_ALLOWED_ADDRESSES`. Wrong or unset: 401 `INVALID_TOKEN_ID`, nothing written.",
  },
  lineSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'x-line-signature',
    description:
      "LINE's webhook signature (ADR 088): base64 of HMAC-SHA256 over the raw body with the channel secret (`LINE_CHANNEL_SECRET`), compared in constant time. Wrong, absent or LINE off: 401 `BAD_SIGNATURE`, nothing read.",
  },
  signatureTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Timestamp',
    description: 'Unix time in seconds when the request was signed; refused (401 `SIGNATURE_EXPIRED`) when more than 5 minutes from the server clock.',
  },
} as const

/** The bank feed signs every request with a timestamp (ADR 015). */
export const bankFeedSecurity: SecurityRequirement[] = [{ bankSignature: [], signatureTimestamp: [] }]
/** LINE signs its webhook's raw body with the channel secret (ADR 088). */
export const lineWebhookSecurity: SecurityRequirement[] = [{ lineSignature: [] }]
/** Evolution authenticates with a static token in the query (ADR 082: weaker than a signature; it offers nothing else). */
export const evolutionSecurity: SecurityRequirement[] = [{ evolutionToken: [] }]
/** A provider signs with a timestamp, or the body alone when its operator set it to the body-only scheme (ADR 015). */
export const providerSecurity: SecurityRequirement[] = [{ providerSignature: [], signatureTimestamp: [] }, { providerSignature: [] }]

const description = `
Sanam's HTTP API. Every JSON answer is an envelope: \`{ "success": true, "data": ..., "message"?: "..." }\`, or
\`{ "success": false, "code": "STABLE_CODE", "message": "<Thai text>", "errors"?: [...] }\` with a fitting status
(400 bad input, 401 not signed in, 403 not allowed, 404, 409 conflict, 410, 422 business rule refused, 429 too many
requests, 503 dependency down). Money is JSON numbers in baht with at most 2 decimals (the seamless wallet: decimal
strings). Times are ISO 8601 UTC. Bodies are JSON, at most 64 KiB; unknown fields are refused.

## Who may call what
- **Player API** (\`/api/auth\`, \`/api/user\`, \`/api/wallet\`, \`/api/portal\`, ...): \`Authorization: Bearer <token>\`
  from \`POST /api/auth/login\`, where a route asks for it.
- **Back-office API** (\`/api/backoffice\`): \`Authorization: Bearer <token>\` from \`POST /api/backoffice/auth/login\`,
  and an operator role the route admits.
- **Bank feed** (\`POST /api/bank/transfers\`) and **seamless wallet** (\`POST /api/seamless/{provider}/{op}\`): signed
  requests, below.

## Signed requests (bank feed, seamless wallet)
The caller sends two headers computed with the shared secret:

    X-Timestamp: <unix seconds>
    X-Signature: sha256=<hex HMAC-SHA256(secret, METHOD + "\\n" + path + "\\n" + timestamp + "\\n" + body)>

- \`METHOD\` is upper case (\`POST\`); \`path\` is the request target exactly as sent, with any query
  (\`/api/seamless/pgsoft/bet\`); \`body\` is the raw bytes sent, not a re-serialisation.
- The server recomputes the HMAC over what it received and compares in constant time. A missing, malformed or wrong
  signature or timestamp is 401 \`BAD_SIGNATURE\`; a correct signature whose timestamp is more than 5 minutes before
  or after the server's clock is 401 \`SIGNATURE_EXPIRED\` (check your clock).
- The bank feed's secret is \`BANK_WEBHOOK_SECRET\`; a provider's is \`SEAMLESS_SECRET_<CODE>\` (else \`SEAMLESS_SECRET\`).
  A provider that cannot sign more than the body can be set to the body-only scheme by the operator
  (\`SEAMLESS_SIGNATURE_<CODE>=body\`): \`X-Signature: sha256=<hex HMAC-SHA256(secret, body)>\`, no \`X-Timestamp\`.
- A reverse proxy must forward the path unchanged, or no signature matches.
- Retries: send the same body with a fresh timestamp and signature. Each bank transfer (\`external_id\`) and each
  provider transaction (\`tx_id\`) is applied exactly once; a repeat gets the first answer.

## Seamless answers
HTTP 200 with \`{status, balance, tx_id, message?}\`. A bet may be refused with \`INSUFFICIENT_FUNDS\`, \`LIMIT_EXCEEDED\`
(it would take the player's net loss for the Bangkok day, bets minus wins, past the daily loss limit the player set:
show the player the message, do not retry), \`INVALID_SESSION\` or \`PLAYER_BLOCKED\`; nothing moves on a refusal. Wins
and rollbacks are never refused for a limit.

Example (Node.js):

    const timestamp = String(Math.floor(Date.now() / 1000))
    const body = JSON.stringify(payload)
    const mac = createHmac('sha256', secret).update(\`POST\\n\${path}\\n\${timestamp}\\n\${body}\`).digest('hex')
    fetch(origin + path, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': \`sha256=\${mac}\` } })
`.trim()

const tags = [
  { name: 'Player API', description: 'What the player app calls: sign-up and sign-in, wallet, deposits, withdrawals, games, promotions, referral.' },
  { name: 'Site', description: 'Public site metadata and health.' },
  { name: 'Bank feed', description: 'Incoming bank transfers, signed (see "Signed requests").' },
  { name: 'Seamless wallet', description: 'The callbacks a game provider makes for balances, bets, wins and rollbacks, signed per provider.' },
  {
    name: 'Vendor wallet protocols',
    description: "A game vendor's own wallet protocol (Evolution's One Wallet), mapped onto the seamless wallet: same rules, same ledger (ADR 082).",
  },
  { name: 'Back-office API', description: 'Operator sign-in, queues, manual deposits, members, jobs.' },
  { name: 'Demo', description: 'Demo mode only (console SMS outbox, simulated bank transfers); absent in production.' },
]

/** The document's tag of an `/api` path. */
function tagOf(url: string): string {
  const [, , area] = url.split('/')
  if (area === 'backoffice') return 'Back-office API'
  if (area === 'bank') return 'Bank feed'
  if (area === 'seamless') return 'Seamless wallet'
  if (area === 'protocols') return 'Vendor wallet protocols'
  if (area === 'dev') return 'Demo'
  if (area === 'site' || area === 'health') return 'Site'
  return 'Player API'
}

const RefusedEnvelope = ErrorEnvelope.describe('Refused: the error envelope, its status set by `code` (see the introduction).')

/** What a bearer-checking hook admits, attached where the hook is made so the document cannot drift from the code. */
const hookSecurity = new WeakMap<object, { security: SecurityRequirement[]; roles?: readonly string[] }>()

/**
 * Marks an authentication hook with the security requirement it enforces; the document reads it off each route's
 * `preHandler`. Returns the hook unchanged.
 */
export function documentSecurity<H extends object>(hook: H, security: SecurityRequirement[], roles?: readonly string[]): H {
  hookSecurity.set(hook, { security, ...(roles ? { roles } : {}) })
  return hook
}

/** Who may call a route: the security its bearer-checking hook or signed schema enforces (none: anyone). */
export function securityOf(route: RouteOptions): { security: SecurityRequirement[]; roles?: readonly string[] } | undefined {
  for (const hook of [route.preHandler ?? []].flat()) {
    const found = hookSecurity.get(hook)
    if (found) return found
  }
  // Signed routes carry theirs in the schema (requireSignedJson puts it there).
  return route.schema?.security ? { security: route.schema.security as SecurityRequirement[] } : undefined
}

/**
 * The zod transform of fastify-type-provider-zod, plus what the route table knows beyond its schema: only `/api`
 * routes (the web apps, media files and the demo provider's pages are not the API), a tag, the caller's security,
 * and a body the handler validates itself.
 */
const transform: SwaggerTransform = (document) => {
  const { url, route } = document
  if (!url.startsWith('/api/') || isApiDocsRoute(url)) {
    return { schema: { hide: true }, url }
  }
  const schema = {
    ...route.schema,
    ...(route.schema?.body || !route.config?.documentedBody ? {} : { body: route.config.documentedBody }),
    // Any status a route does not list is a refusal in the one error envelope (errors.ts).
    response: { default: RefusedEnvelope, ...(route.schema?.response as object | undefined) },
  }
  const transformed = jsonSchemaTransform({ ...document, schema })
  const auth = securityOf(route)
  return {
    url: transformed.url,
    schema: {
      ...transformed.schema,
      tags: [tagOf(url)],
      ...(auth ? { security: auth.security } : { security: [] }),
      ...(auth?.roles ? { description: `Operator roles: ${auth.roles.join(', ')}.` } : {}),
    },
  }
}

/**
 * Generates the OpenAPI 3.1 document from the routes' zod schemas as they are registered (GET /api/openapi.json)
 * and serves a reference page for it from swagger-ui's files in node_modules (GET /api/docs): nothing is fetched from
 * another site. Register before the routes: the document is built from every route added after it.
 */
export async function registerApiDocs(app: TypedApp) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Sanam API', version: packageJson.version, description },
      tags,
      components: { securitySchemes },
    },
    transform,
  })
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // BaseLayout: no top bar offering to load some other document by URL.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  })
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())
}
