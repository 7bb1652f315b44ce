import { randomBytes } from 'node:crypto'
import type { PayoutBank } from './payout-bank.ts'

/**
 * A payout of exactly this much (777 baht) shows the desk an unknown outcome in demo mode: the demo bank pays it, its
 * confirm answer is lost, and its look-up keeps saying "processing", so two operators resolve it from the statement.
 */
export const DEMO_LOST_ANSWER_SATANG = 77_700n

/**
 * The demo bank's payout API (demo mode only, PAYOUT_BANK=demo): pays at once and keeps its own record of what it
 * paid, by Sanam's reference, so `findByReference` answers as a bank would. The account holder's name is the one the
 * member registered (`holderOf`, a read services.ts hands in): play money has no other bank to ask. Its record lives
 * in this process: after a restart it knows nothing, so an unknown left then is resolved by two operators.
 */
export function createDemoPayoutBank(deps: { holderOf(bankCode: string, account: string): Promise<string | null> }): PayoutBank & {
  /** What the demo bank paid, by reference (satang). */
  readonly paid: ReadonlyMap<string, bigint>
} {
  const initiated = new Map<string, { reference: string; amount: bigint }>()
  const paid = new Map<string, bigint>()
  const bankReferences = new Map<string, string>()
  const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`
  return {
    name: 'demo',
    paid,
    async inquire(order) {
      const name = await deps.holderOf(order.bankCode, order.account)
      if (!name) return { outcome: 'REJECTED', code: 'ACCOUNT_NOT_FOUND' }
      return { outcome: 'FOUND', accountName: name, inquiryId: id('INQ') }
    },
    async initiate(order) {
      const transactionId = id('TXN')
      initiated.set(transactionId, { reference: order.reference, amount: order.amount })
      return { outcome: 'INITIATED', bankTransactionId: transactionId }
    },
    async confirm(order) {
      const pending = initiated.get(order.bankTransactionId)
      if (!pending || pending.reference !== order.reference) return { outcome: 'REJECTED', code: 'TRANSACTION_NOT_FOUND' }
      if (!paid.has(order.reference)) {
        paid.set(order.reference, pending.amount)
        bankReferences.set(order.reference, id('DEMO'))
      }
      if (pending.amount === DEMO_LOST_ANSWER_SATANG) return { outcome: 'UNAVAILABLE', code: 'DEMO_LOST_ANSWER' }
      return { outcome: 'PAID', bankReference: bankReferences.get(order.reference)! }
    },
    async findByReference(reference) {
      if (paid.get(reference) === DEMO_LOST_ANSWER_SATANG) return { outcome: 'PENDING' }
      const bankReference = bankReferences.get(reference)
      if (bankReference) return { outcome: 'PAID', bankReference }
      if ([...initiated.values()].some((t) => t.reference === reference)) return { outcome: 'PENDING' }
      return { outcome: 'NOT_FOUND' }
    },
  }
}
