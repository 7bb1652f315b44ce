import { createHash } from 'node:crypto'
import type { PayoutCallbackBody } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { Clock } from '../../lib/clock.ts'
import type { PayoutsRepository } from './payouts.repository.ts'
import type { PayoutService } from './payouts.service.ts'

/**
 * A payout bank's late answer (ADR 086): its signed status callback is kept once and never moves money by itself. For
 * an UNKNOWN payout it triggers the look-up by reference the payout-checks job makes (`recheck`): only the bank's answer
 * to that look-up settles it, PAID or REJECTED, once (the conditional move from UNKNOWN). A callback about a payout in
 * flight or settled, or about a reference that is not ours, is kept and changes nothing; the same callback again is a
 * replay and does nothing.
 */
export function createPayoutCallbackService(deps: {
  db: Db
  clock: Clock
  payoutsRepository: Pick<PayoutsRepository, 'insertCallback' | 'callbackHandled' | 'findByReference'>
  payouts: Pick<PayoutService, 'recheck'>
}) {
  const { db, payoutsRepository: repo } = deps
  return {
    async receive(body: PayoutCallbackBody, raw: string): Promise<{ replay: boolean }> {
      const stored = await repo.insertCallback(db, {
        fingerprint: createHash('sha256').update(raw).digest('hex'),
        reference: body.reference,
        reportedStatus: body.status,
        bankReference: body.bank_reference ?? null,
        errorCode: body.error_code ?? null,
        receivedAt: deps.clock.now(),
      })
      if (!stored) return { replay: true }
      const payout = await repo.findByReference(db, body.reference)
      const outcome = payout?.status === 'UNKNOWN' ? await deps.payouts.recheck(payout.id) : payout?.status
      await repo.callbackHandled(db, stored.id, { payoutId: payout?.id ?? null, outcome: outcome ?? null })
      return { replay: false }
    },
  }
}
export type PayoutCallbackService = ReturnType<typeof createPayoutCallbackService>
