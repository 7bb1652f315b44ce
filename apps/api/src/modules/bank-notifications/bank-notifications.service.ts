import { createHash } from 'node:crypto'
import { bangkokDay, bangkokDayRange } from '@sanam/contract/bangkok'
import { msg, satangToBaht, type BackofficeBankNotification, type BankNotificationBody, type BankNotificationResult } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { NotificationFacts } from '../../db/schema.ts'
import { inTransaction } from '../../db/transaction.ts'
import type { Clock } from '../../lib/clock.ts'
import type { TransferIntakeService } from '../deposits/transfer-intake.service.ts'
import type { NotifiedTransfer } from '../deposits/transfer-rules.ts'
import type { BankNotificationRow, BankNotificationsRepository, BankNotificationStatus } from './bank-notifications.repository.ts'
import { parseNotification, payInMaskMatches, type ParsedNotification } from './notification-parsers.ts'

/**
 * How far a notification's own time may be from the server's and still be believed (ADR 080): a forwarder phone
 * that was offline sends its queue late (up to three days), but a text dated in the future is not a bank's.
 */
const OLDEST_MS = 3 * 86_400_000
const FUTURE_MS = 10 * 60_000

/** The desk's words for why a text moves no money. */
const REASON_NOTES = {
  OTP: 'NOTIFICATION_OTP',
  BALANCE: 'NOTIFICATION_BALANCE',
  NO_AMOUNT: 'NOTIFICATION_NO_AMOUNT',
  UNKNOWN_SENDER: 'NOTIFICATION_UNKNOWN_SENDER',
  UNKNOWN_WORDING: 'NOTIFICATION_UNKNOWN_WORDING',
} as const

/** What this module needs of deposits (services.ts passes the deposit service). */
export type NotificationDeposits = Pick<TransferIntakeService, 'receiveNotification' | 'payInAccounts' | 'depositStatuses'>

export interface BankNotificationServiceDeps {
  db: Db
  clock: Clock
  bankNotificationsRepository: Pick<BankNotificationsRepository, 'insert' | 'byFingerprint' | 'settle' | 'page'>
  deposits: NotificationDeposits
}

/** sha256 of what makes a notification itself: the same text from the same sender received at the same moment. */
export function notificationFingerprint(sender: string, deviceReceivedAt: Date, text: string): string {
  return createHash('sha256').update([sender.trim(), deviceReceivedAt.toISOString(), text].join('\n')).digest('hex')
}

/** The parse as the table keeps it: satang as decimal text, times as ISO strings. */
function factsOf(parsed: ParsedNotification): NotificationFacts {
  switch (parsed.kind) {
    case 'INCOMING': {
      const { facts } = parsed
      return {
        kind: 'INCOMING',
        bank: parsed.bank,
        language: parsed.language,
        toAccountMask: facts.toAccountMask,
        fromBankCode: facts.fromBankCode,
        fromAccount: facts.fromAccount,
        fromName: facts.fromName,
        amount: facts.amount.toString(),
        occurredAt: facts.occurredAt.toISOString(),
        timeFrom: facts.timeFrom,
      }
    }
    case 'OUTGOING':
      return { kind: 'OUTGOING', bank: parsed.bank, language: parsed.language, amount: parsed.amount.toString() }
    default:
      return { kind: parsed.kind, bank: parsed.bank, reason: parsed.reason }
  }
}

const digits = (account: string) => account.replace(/\D/g, '')

export function toBackofficeNotification(row: BankNotificationRow, depositStatus: string | null = null): BackofficeBankNotification {
  const { facts } = row
  return {
    id: row.id,
    sender: row.sender,
    text: row.text,
    status: row.status,
    note: row.note,
    bank_code: facts.bank,
    kind: facts.kind,
    amount: facts.amount === undefined ? null : satangToBaht(BigInt(facts.amount)),
    from_bank_code: facts.fromBankCode ?? null,
    from_account: facts.fromAccount ?? null,
    from_name: facts.fromName ?? null,
    occurred_at: facts.occurredAt ?? null,
    device_received_at: row.deviceReceivedAt.toISOString(),
    received_at: row.receivedAt.toISOString(),
    pay_in_account: row.payInAccount,
    deposit_id: row.depositId,
    deposit_status: (depositStatus as BackofficeBankNotification['deposit_status']) ?? null,
  }
}

/** Forwarded bank notifications (issue 37 §2, ADR 080): kept once each, read, and handed to deposits when they can be money. */
export function createBankNotificationService(deps: BankNotificationServiceDeps) {
  const { db, clock, bankNotificationsRepository: repository } = deps

  /**
   * Where a read notification stops, or the transfer deposits is given: an incoming transfer needs a believable time,
   * one approved pay-in account of the notifying bank (the one the phone names, and the text's mask must fit it), and
   * a sending bank and account (without them the feed's report of the same transfer could not be told from it).
   */
  async function decide(
    tx: Db,
    parsed: ParsedNotification,
    payInAccount: string | null,
    now: Date,
  ): Promise<{ status: BankNotificationStatus; note: string | null; transfer?: Omit<NotifiedTransfer, 'key'> }> {
    if (parsed.kind === 'OUTGOING') return { status: 'OUTGOING', note: null }
    if (parsed.kind === 'IGNORED' || parsed.kind === 'UNPARSED') return { status: parsed.kind, note: msg(REASON_NOTES[parsed.reason]) }
    const { facts } = parsed
    const age = now.getTime() - facts.occurredAt.getTime()
    if (age > OLDEST_MS || age < -FUTURE_MS) return { status: 'INCOMPLETE', note: msg('NOTIFICATION_TIME_IMPLAUSIBLE') }
    const ours = (await deps.deposits.payInAccounts(tx)).filter((a) => a.bankCode === parsed.bank)
    const fits = (number: string) => facts.toAccountMask === null || payInMaskMatches(facts.toAccountMask, number)
    let toAccount: string | undefined
    if (payInAccount !== null) {
      const named = ours.find((a) => a.accountNumber === digits(payInAccount))
      if (!named) return { status: 'INCOMPLETE', note: msg('NOTIFICATION_UNKNOWN_PAY_IN') }
      if (!fits(named.accountNumber)) return { status: 'INCOMPLETE', note: msg('NOTIFICATION_PAY_IN_MISMATCH') }
      toAccount = named.accountNumber
    } else {
      const numbers = [...new Set(ours.map((a) => a.accountNumber).filter((n) => facts.toAccountMask !== null && fits(n)))]
      if (numbers.length !== 1) return { status: 'INCOMPLETE', note: msg('NOTIFICATION_UNKNOWN_PAY_IN') }
      toAccount = numbers[0]!
    }
    if (!facts.fromBankCode || !facts.fromAccount) return { status: 'INCOMPLETE', note: msg('NOTIFICATION_NO_SENDER') }
    return {
      status: 'PARSED',
      note: null,
      transfer: {
        toAccount,
        fromBankCode: facts.fromBankCode,
        fromAccount: facts.fromAccount,
        fromName: facts.fromName,
        amount: facts.amount,
        occurredAt: facts.occurredAt,
      },
    }
  }

  const answer = (row: BankNotificationRow, replay: boolean): BankNotificationResult => ({
    id: row.id,
    status: row.status,
    deposit_id: row.depositId,
    replay,
  })

  return {
    /**
     * A forwarded notification: stored once (the same text, sender and received time again answers what became of
     * it the first time), read, and, when it is an incoming transfer with a sender, handed to deposits in the same
     * transaction (a failure stores nothing, so the forwarder's retry starts afresh).
     */
    async receive(body: BankNotificationBody): Promise<BankNotificationResult> {
      const deviceReceivedAt = new Date(body.received_at)
      const fingerprint = notificationFingerprint(body.sender, deviceReceivedAt, body.text)
      const parsed = parseNotification({ text: body.text, sender: body.sender, receivedAt: deviceReceivedAt })
      const now = clock.now()
      return inTransaction(db, async (tx) => {
        const stored = await repository.byFingerprint(tx, fingerprint)
        if (stored) return answer(stored, true)
        const decision = await decide(tx, parsed, body.pay_in_account ?? null, now)
        const row = await repository.insert(tx, {
          fingerprint,
          sender: body.sender.trim(),
          text: body.text,
          deviceReceivedAt,
          receivedAt: now,
          payInAccount: body.pay_in_account ? digits(body.pay_in_account) : null,
          facts: factsOf(parsed),
          status: decision.status,
          note: decision.note,
        })
        if (!row) {
          // The same notification forwarded twice at once: the other request stored it first.
          const first = await repository.byFingerprint(tx, fingerprint)
          if (!first) throw new Error('bank notification neither inserted nor found')
          return answer(first, true)
        }
        if (!decision.transfer) return answer(row, false)
        const result = await deps.deposits.receiveNotification(tx, { key: `notification:${row.id}`, ...decision.transfer })
        const settled =
          result.status === 'AMBIGUOUS'
            ? await repository.settle(tx, row.id, {
                status: 'AMBIGUOUS',
                note: msg('NOTIFICATION_AMBIGUOUS', { ids: result.candidates.join(', ') }),
                depositId: null,
              })
            : await repository.settle(tx, row.id, {
                status: result.status === 'MATCHED' ? 'CREDITED' : result.status === 'DUPLICATE' ? 'MATCHED_EXISTING' : 'UNMATCHED',
                note: result.note,
                depositId: result.deposit_id,
              })
        return answer(settled, false)
      })
    },

    /** The desk's list: a Bangkok day's notifications (today by default), newest first, optionally of one status. */
    async list(query: { day?: string; status?: BankNotificationStatus; page: number }, size = 50) {
      const { start, end } = bangkokDayRange(query.day ?? bangkokDay(clock.now()))
      const { rows, total } = await repository.page(db, { from: start, to: end, status: query.status }, query.page, size)
      // The deposit may have moved on since (the feed completed it, an operator assigned it): say where it stands now.
      const statuses = await deps.deposits.depositStatuses(rows.flatMap((r) => (r.depositId === null ? [] : [r.depositId])))
      return {
        list: rows.map((r) => toBackofficeNotification(r, r.depositId === null ? null : (statuses.get(r.depositId) ?? null))),
        page: query.page,
        size,
        total,
      }
    },
  }
}
export type BankNotificationService = ReturnType<typeof createBankNotificationService>
