import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake LINE received: method, path (with its query), headers and the raw body. */
export interface LineRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** An answer forced on the next request to a path: a status with a body and headers, or a failure (`hang`, `reset`). */
export type LineAnswer = { status: number; body: unknown; headers?: Record<string, string> } | { fail: 'hang' | 'reset' }

const PUSH = '/v2/bot/message/push'

/** A LINE user id as LINE makes them: `U` and 32 hex digits. */
export const lineUserId = () => `U${randomBytes(16).toString('hex')}`

/** LINE's signature of a webhook body: base64 HMAC-SHA256 with the channel secret. */
export const lineSignature = (secret: string, body: string) => createHmac('sha256', secret).update(body, 'utf8').digest('base64')

/** A webhook event as LINE sends it (its docs' shape): a text message, a follow, or an accountLink result. */
export function lineEvent(
  userId: string,
  event: { type: 'message' | 'follow' | 'unfollow' } | { type: 'accountLink'; result: 'ok' | 'failed'; nonce?: string },
) {
  const common = {
    mode: 'active',
    timestamp: Date.now(),
    source: { type: 'user', userId },
    webhookEventId: randomUUID().replace(/-/g, '').toUpperCase().slice(0, 26),
    deliveryContext: { isRedelivery: false },
    ...(event.type === 'unfollow' ? {} : { replyToken: randomBytes(16).toString('hex') }),
  }
  if (event.type === 'message') return { ...common, type: 'message', message: { type: 'text', id: '468789577898262530', quoteToken: 'q', text: 'เชื่อมต่อ' } }
  if (event.type === 'accountLink') return { ...common, type: 'accountLink', link: { result: event.result, ...(event.nonce ? { nonce: event.nonce } : {}) } }
  return { ...common, type: event.type }
}

/** A webhook body around events, as LINE posts it. */
export const webhookBody = (events: object[]) => JSON.stringify({ destination: 'U00000000000000000000000000000000', events })

/**
 * A fake LINE Platform on 127.0.0.1 (tests and e2e send traffic only to loopback), answering as LINE's docs say:
 * push (a second accepted request with one retry key is 409), reply, link tokens, quota, the v2.1 token endpoint, and
 * the account-link dialog, which, as LINE does, sends the accountLink event for the nonce to Sanam's webhook (signed
 * with the channel secret) and then shows the chat (here: sends the browser to `afterLink`). Any request can be made
 * to fail (`failNext`); every request is recorded.
 */
export async function fakeLineServer(options: {
  channelSecret: string
  quota?: { limit: number | null; used: number }
  /**
   * false: pushes are counted (`pushes()`) and their retry keys kept, but not recorded in `received`: the bench's LINE
   * takes thousands a minute in the process that makes the load, where keeping each one's headers and body cost it CPU
   * that production's LINE, on LINE's machines, never takes from Sanam's.
   */
  recordPushes?: boolean
}) {
  const received: LineRequest[] = []
  let pushCount = 0
  const failures = new Map<string, LineAnswer[]>()
  const acceptedKeys = new Set<string>()
  const linkTokens = new Map<string, string>()
  let webhook: ((body: string, signature: string) => Promise<void>) | null = null
  let afterLink = 'about:blank'
  let issuedTokens = 0

  function answerOf(path: string): LineAnswer | undefined {
    for (const [prefix, queue] of failures) if (path.startsWith(prefix) && queue.length > 0) return queue.shift()
    return undefined
  }

  async function route(req: LineRequest, url: URL): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    if (req.method === 'POST' && url.pathname === PUSH) {
      const key = String(req.headers['x-line-retry-key'] ?? '')
      if (key && acceptedKeys.has(key))
        return { status: 409, body: { message: 'The retry key is already accepted', sentMessages: [] }, headers: { 'x-line-accepted-request-id': key } }
      if (key) acceptedKeys.add(key)
      return { status: 200, body: { sentMessages: [{ id: String(Date.now()), quoteToken: 'q' }] } }
    }
    if (req.method === 'POST' && url.pathname === '/v2/bot/message/reply') return { status: 200, body: { sentMessages: [] } }
    const link = /^\/v2\/bot\/user\/(U[0-9a-f]{32})\/linkToken$/.exec(url.pathname)
    if (req.method === 'POST' && link) {
      const token = randomBytes(24).toString('base64url')
      linkTokens.set(token, link[1]!)
      return { status: 200, body: { linkToken: token } }
    }
    if (req.method === 'GET' && url.pathname === '/v2/bot/message/quota')
      return { status: 200, body: options.quota?.limit === null ? { type: 'none' } : { type: 'limited', value: options.quota?.limit ?? 500 } }
    if (req.method === 'GET' && url.pathname === '/v2/bot/message/quota/consumption') return { status: 200, body: { totalUsage: options.quota?.used ?? 0 } }
    if (req.method === 'POST' && url.pathname === '/oauth2/v2.1/token') {
      issuedTokens += 1
      return { status: 200, body: { access_token: `v21-token-${issuedTokens}`, token_type: 'Bearer', expires_in: 24 * 3600, key_id: 'fake' } }
    }
    if (req.method === 'GET' && url.pathname === '/dialog/bot/accountLink') {
      const userId = linkTokens.get(url.searchParams.get('linkToken') ?? '')
      const nonce = url.searchParams.get('nonce') ?? ''
      if (!userId || !webhook) return { status: 400, body: 'unknown link token' }
      linkTokens.delete(url.searchParams.get('linkToken')!)
      const body = webhookBody([lineEvent(userId, { type: 'accountLink', result: 'ok', nonce })])
      await webhook(body, lineSignature(options.channelSecret, body))
      return { status: 302, body: '', headers: { location: afterLink } }
    }
    return { status: 404, body: { message: 'Not found' } }
  }

  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: raw }
      const url = new URL(request.path, 'http://line.test')
      if (url.pathname === PUSH) pushCount += 1
      if (url.pathname !== PUSH || options.recordPushes !== false) received.push(request)
      const forced = answerOf(url.pathname)
      if (forced && 'fail' in forced) {
        if (forced.fail === 'reset') req.socket.destroy()
        return
      }
      void (forced ? Promise.resolve(forced) : route(request, url)).then(
        (answer) => {
          const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
          res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(text)
        },
        () => res.writeHead(500).end('{}'),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    /** The account-link dialog's address (LINE_ACCOUNT_LINK_URL). */
    accountLinkUrl: `${url}/dialog/bot/accountLink`,
    received,
    /** How many pushes LINE was sent, recorded or not (`recordPushes`), answered or made to fail. */
    pushes: () => pushCount,
    /** Requests to paths starting with `path`. */
    requestsTo: (path: string) => received.filter((r) => r.path.startsWith(path)),
    /** The next requests to paths starting with `path` get these answers, in order, instead of LINE's. */
    failNext(path: string, ...answers: LineAnswer[]) {
      failures.set(path, [...(failures.get(path) ?? []), ...answers])
    },
    /** Where LINE delivers webhook events (Sanam's webhook), and where the dialog sends the browser afterwards. */
    deliverTo(send: (body: string, signature: string) => Promise<void>, after?: string) {
      webhook = send
      if (after) afterLink = after
    },
    /** Sends events to Sanam's webhook as LINE does, signed. */
    async send(...events: object[]) {
      if (!webhook) throw new Error('the fake LINE has no webhook to deliver to (deliverTo)')
      const body = webhookBody(events)
      await webhook(body, lineSignature(options.channelSecret, body))
    },
    /** The texts of the replies LINE was asked to post. */
    replies: () =>
      received.filter((r) => r.path === '/v2/bot/message/reply').map((r) => (JSON.parse(r.body) as { messages: { text: string }[] }).messages[0]!.text),
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type FakeLineServer = Awaited<ReturnType<typeof fakeLineServer>>
