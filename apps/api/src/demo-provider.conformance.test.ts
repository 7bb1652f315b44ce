import type { SeamlessAnswer } from '@sanam/contract'
import { DEMO_SEAMLESS_SECRET } from '@sanam/contract/demo-secrets'
import { describeSeamlessConformance } from '../test/seamless-conformance.ts'
import { injectFetch } from '../test/inject-fetch.ts'
import { loadDemoProvider, type DemoProviderModule } from './demo-provider.ts'

/** The demo provider's package, loaded as the app loads it (its source under vitest). */
const { httpSeamlessClient, toDecimal } = await loadDemoProvider()
type SeamlessReply = Awaited<ReturnType<ReturnType<DemoProviderModule['httpSeamlessClient']>['balance']>>

const PROVIDER = 'pgsoft'
const GAME = 'fortune_ox'

/** The client's answer back in the wire shape the kit compares. */
function wire(reply: SeamlessReply): SeamlessAnswer {
  return {
    status: reply.status,
    balance: reply.balance === null ? null : toDecimal(reply.balance),
    tx_id: reply.txId,
    ...(reply.message ? { message: reply.message } : {}),
  }
}

const satang = (amount: string) => BigInt(Math.round(Number(amount) * 100))

// The demo provider's HTTP client is the adapter under test: signed HTTP calls, retries, the same tx_id.
describeSeamlessConformance(
  'demo provider HTTP client',
  (t) => {
    const lostOnce = new Set<string>()
    const client = httpSeamlessClient({
      baseUrl: 'http://sanam.test/api/seamless',
      secretFor: () => DEMO_SEAMLESS_SECRET,
      clock: t.clock,
      timeoutMs: 10_000,
      retries: 2,
      fetch: injectFetch(t.app, {
        // Tx ids marked "lose-" lose their first answer on the way back, like a timeout after the wallet committed.
        fault: ({ body }) => {
          const tx = (JSON.parse(body) as { tx_id?: string }).tx_id
          if (!tx?.startsWith('lose-') || lostOnce.has(tx)) return undefined
          lostOnce.add(tx)
          return 'lose-answer'
        },
      }),
    })
    const tx = (session: string, c: { round: string; tx: string; amount: string }) => ({
      sessionToken: session,
      roundId: c.round,
      txId: c.tx,
      amount: satang(c.amount),
      gameCode: GAME,
    })
    return {
      balance: async (session) => wire(await client.balance(PROVIDER, session)),
      bet: async (session, c) => wire(await client.bet(PROVIDER, tx(session, c))),
      win: async (session, c) => wire(await client.win(PROVIDER, tx(session, c))),
      rollback: async (session, c) =>
        wire(await client.rollback(PROVIDER, { sessionToken: session, roundId: c.round, txId: c.tx, refTxId: c.ref, amount: 0n, gameCode: GAME })),
      betAfterTimeout: async (session, c) => wire(await client.bet(PROVIDER, tx(session, { ...c, tx: `lose-${c.tx}` }))),
    }
  },
  PROVIDER,
  GAME,
)
