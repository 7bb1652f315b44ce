// Holding seamless batches open in tests (ADR 011): a service of its own on the test database, whose batches wait
// at `beforeBatch` until the test lets them go, so callbacks can be queued into ONE batch in a chosen order.
import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { transfers } from '../src/db/schema.ts'
import { gamesRepository } from '../src/modules/games/games.repository.ts'
import { portalRepository } from '../src/modules/portal/portal.repository.ts'
import { moneyBody } from '@sanam/contract/seamless-calls'
import { createLedger } from '../src/modules/ledger/ledger.service.ts'
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.ts'
import { createSeamlessService, type SeamlessResult } from '../src/modules/seamless/seamless.service.ts'
import { seamlessRepository } from '../src/modules/seamless/seamless.repository.ts'
import type { TestApp } from './app.ts'

export const uid = () => randomUUID()

export function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((res) => {
    resolve = res
  })
  return { promise, resolve }
}

/** Yields to the event loop (I/O included) until `ready()` holds. A turn of the loop, never a timer. */
export async function until(ready: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 200_000; turn++) {
    if (ready()) return
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  throw new Error(`never happened: ${what}`)
}

/** The ledger transfers these pgsoft tx_ids moved (a bet's or win's key is `seamless:<provider>:<tx>`). */
export async function transfersOf(t: TestApp, txIds: string[]) {
  return t.db
    .select()
    .from(transfers)
    .where(
      inArray(
        transfers.idempotencyKey,
        txIds.map((tx) => `seamless:pgsoft:${tx}`),
      ),
    )
}

export type SeamlessBody = Record<string, string>
export type SeamlessOpName = 'bet' | 'win' | 'rollback'

/** A bet on fortune_ox (or `game`, or none with null) in a round of its own unless one is given. */
export const betBody = (session: string, tx: string, amount: string, round: string = uid(), game: string | null = 'fortune_ox'): SeamlessBody =>
  moneyBody({ session, round, tx, amount, game })

type ServiceDeps = Parameters<typeof createSeamlessService>[0]

/**
 * A seamless service on the test app's database (or `deps.db`), with the app's promotions and its own ledger unless
 * given, whose batches can be held: see `oneBatch`.
 */
export function heldBatchService(t: TestApp, deps: Partial<ServiceDeps> = {}) {
  let hold: Promise<void> | null = null
  const service = createSeamlessService({
    db: t.db,
    ledger: createLedger({ clock: t.clock, ledgerRepository }),
    clock: t.clock,
    gamesRepository,
    portalRepository,
    seamlessRepository,
    promotions: t.services.promotions,
    ...deps,
    faults: {
      ...deps.faults,
      async beforeBatch(size) {
        await deps.faults?.beforeBatch?.(size)
        if (hold) await hold
      },
    },
  })
  const call = (op: SeamlessOpName, body: SeamlessBody): Promise<SeamlessResult> => {
    const raw = JSON.stringify({ request_id: uid(), ...body })
    return service.handle('pgsoft', op, JSON.parse(raw), raw)
  }

  /**
   * Sends `calls` so that they all go in ONE batch, in this order: a trigger bet (on a player of its own) starts a
   * batch that is held before its transaction; the calls queue one by one behind it; then the trigger is let go.
   * Each call is sent only once the one before it is queued: arrival order is what a batch keeps for one player.
   */
  async function oneBatch(trigger: { session: string }, calls: Array<{ op: SeamlessOpName; body: SeamlessBody }>) {
    const gate = deferred()
    hold = gate.promise
    const before = service.stats()
    const triggered = call('bet', betBody(trigger.session, uid(), '0.01'))
    await until(() => service.stats().running === 1, 'the trigger batch is running')
    hold = null
    const settled: Array<Promise<PromiseSettledResult<SeamlessResult>>> = []
    for (const [index, c] of calls.entries()) {
      const pending = call(c.op, c.body)
      settled.push(
        pending.then(
          (value) => ({ status: 'fulfilled' as const, value }),
          (reason: unknown) => ({ status: 'rejected' as const, reason }),
        ),
      )
      await until(() => service.stats().queued >= before.queued + index + 1, 'the call is queued')
    }
    gate.resolve()
    const first = await triggered
    if (first.answer.status !== 'OK') throw new Error(`the trigger bet was answered ${first.answer.status}`)
    return Promise.all(settled)
  }
  return { service, call, oneBatch }
}
