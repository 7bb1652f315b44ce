import { timingSafeEqual } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { sha256 } from '../../lib/crypto.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import { evolutionSecurity } from '../../plugins/api-docs.ts'
import { decimalOfSatang, parseJsonKeepingNumbers } from './decimal-json.ts'
import { evolutionOps, evolutionStatuses, type EvolutionAdapter, type EvolutionAnswer } from './evolution.service.ts'

const Params = z.strictObject({ op: z.enum(evolutionOps) })

/** What the API document shows of Evolution's calls (the handler reads the body itself, numbers as written). */
const Amount = z.number().describe('Baht as a JSON number with at most 2 significant decimals (up to 6 written), no exponent, not negative.')
const DocumentedBody = z
  .object({
    sid: z.string(),
    userId: z.string(),
    uuid: z.string().optional(),
    currency: z.literal('THB').optional(),
    game: z.object({ id: z.string(), type: z.string().optional(), details: z.object({ table: z.object({ id: z.string() }) }).optional() }).optional(),
    transaction: z.object({ id: z.string(), refId: z.string(), amount: Amount }).optional(),
    promoTransaction: z.object({ type: z.string(), id: z.string(), amount: Amount }).optional(),
    channel: z.object({ type: z.string() }).optional(),
  })
  .describe('Evolution One Wallet request: check and sid send sid, userId, uuid; the money calls add currency, game and transaction.')
const DocumentedAnswer = z.object({
  status: z.enum(evolutionStatuses),
  balance: z.number().optional(),
  bonus: z.number().optional(),
  sid: z.string().optional(),
  uuid: z.string().optional(),
})

/** The URL with the token out of it: `authToken` is a credential and must never reach a log line. */
export function hideAuthToken(url: string): string {
  return url.replace(/([?&]authToken=)[^&#]*/g, '$1[hidden]')
}
const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, url: hideAuthToken(req.url), host: req.host, remoteAddress: req.ip }),
}

/** The answer as JSON text: balances written as exact number tokens ("1234.50"), never through a float. */
function answerText(answer: EvolutionAnswer): string {
  const fields: string[] = [`"status":${JSON.stringify(answer.status)}`]
  if (answer.sid !== undefined) fields.push(`"sid":${JSON.stringify(answer.sid)}`)
  if (answer.balance !== undefined) fields.push(`"balance":${decimalOfSatang(answer.balance)}`)
  if (answer.bonus !== undefined) fields.push(`"bonus":${decimalOfSatang(answer.bonus)}`)
  if (answer.uuid !== undefined) fields.push(`"uuid":${JSON.stringify(answer.uuid)}`)
  return `{${fields.join(',')}}`
}

/** An address allow-list (addresses and CIDR ranges); undefined lets every address through. */
function allowListOf(entries: readonly string[] | undefined): BlockList | undefined {
  if (!entries?.length) return undefined
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(prefix), type)
  }
  return list
}

function allowed(list: BlockList | undefined, ip: string): boolean {
  if (!list) return true
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1]
  const address = v4 ?? ip
  const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
  return isIP(address) !== 0 && list.check(address, type)
}

/**
 * POST /protocols/evolution/<check|sid|balance|debit|credit|cancel|promo_payout>?authToken=…: Evolution's One Wallet
 * (ADR 082). Before the body is read: the caller's address against EVOLUTION_ALLOWED_ADDRESSES (when set) and the
 * token against EVOLUTION_AUTH_TOKEN, compared in constant time (unset: every call refused); a refusal is 401
 * INVALID_TOKEN_ID and nothing is written. The body's numbers are kept as the text they were written as
 * (decimal-json.ts). Every other answer is 200 with Evolution's status, as Evolution expects.
 */
export function evolutionRoutes(app: TypedApp, deps: { evolution: EvolutionAdapter; authToken: string | undefined; allowedAddresses?: readonly string[] }) {
  const expected = deps.authToken === undefined ? undefined : sha256(deps.authToken)
  const allowList = allowListOf(deps.allowedAddresses)

  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: evolutionSecurity }
  })
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body: string | Buffer, done) => {
    req.rawBody = body.toString()
    try {
      done(null, parseJsonKeepingNumbers(req.rawBody))
    } catch {
      // Not JSON: the handler answers INVALID_PARAMETER, in Evolution's shape.
      done(null, null)
    }
  })
  const send = (reply: FastifyReply, status: 200 | 401, answer: EvolutionAnswer) => reply.status(status).type('application/json').send(answerText(answer))
  app.addHook('onRequest', async (req, reply) => {
    const token = (req.query as { authToken?: unknown } | undefined)?.authToken
    const tokenOk = expected !== undefined && typeof token === 'string' && timingSafeEqual(sha256(token), expected)
    // Both checked whatever the first says, so the time taken tells nothing of which one failed.
    const addressOk = allowed(allowList, req.ip)
    if (!tokenOk || !addressOk) return send(reply, 401, { status: 'INVALID_TOKEN_ID' })
  })

  app.post(
    '/protocols/evolution/:op',
    {
      schema: {
        params: Params,
        // authToken, the one query parameter, is documented by the route's security (evolutionToken), not here.
        response: { 200: DocumentedAnswer, 401: DocumentedAnswer },
      },
      config: { documentedBody: DocumentedBody },
      logSerializers,
    },
    async (req, reply) => {
      const body = req.body !== null && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : undefined
      if (!body) return send(reply, 200, { status: 'INVALID_PARAMETER' })
      const raw = req.rawBody ?? ''
      const { evolution } = deps
      switch (req.params.op) {
        case 'check':
          return send(reply, 200, await evolution.check(body))
        case 'sid':
          return send(reply, 200, await evolution.sid(body))
        case 'balance':
          return send(reply, 200, await evolution.balance(body))
        case 'debit':
          return send(reply, 200, await evolution.debit(body, raw, req))
        case 'credit':
          return send(reply, 200, await evolution.credit(body, raw, req))
        case 'cancel':
          return send(reply, 200, await evolution.cancel(body, raw, req))
        case 'promo_payout':
          return send(reply, 200, await evolution.promoPayout(body, raw, req))
      }
    },
  )
}
