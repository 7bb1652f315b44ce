import { msg, type BankTransfer, type BankTransferResult } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { ExclusionsRepository } from '../exclusions/exclusions.repository.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import { accountMatches, nameMatches, parseSenderAccount, receiverIsAccount, type TransferReceiver } from './account-match.ts'
import type { DepositCredit } from './deposit-credit.ts'
import type { DepositRow, DepositsRepository, OperatorAccountRow } from './deposits.repository.ts'
import type { DepositSettings } from './deposits.service.ts'
import { feedDifferences, matchTransfer, sameTransfer } from './transfer-lookups.ts'
import {
  digits,
  senderRefOf,
  transferFacts,
  transferHash,
  type NotifiedResult,
  type NotifiedTransfer,
  type SlipCreditResult,
  type SlipTransfer,
} from './transfer-rules.ts'

/** The bank feed request's logger (Fastify's request.log, which carries the reqId). */
export interface FeedLog {
  info(details: object, message: string): void
}

/**
 * Where a manual deposit (a claim) waits for its confirmation: the approvals queue, handed in by services.ts (ADR 066).
 * The bank feed confirming the claim's transfer completes the waiting action there.
 */
export interface ClaimsQueue {
  confirmedByFeed(tx: Db, depositId: number, at: Date): Promise<void>
}

/** What the intake is given (services.ts wires the real ones; deposits.service.test.ts fakes them). */
export interface TransferIntakeDeps {
  db: Db
  clock: Clock
  settings: Pick<DepositSettings, 'notificationsCredit'>
  /** The one place a deposit is credited (deposit-credit.ts). */
  credit: DepositCredit
  depositsRepository: Pick<
    DepositsRepository,
    | 'activeOperatorAccount'
    | 'approvedOperatorAccounts'
    | 'isOperatorAccountNumber'
    | 'candidates'
    | 'findByExternalId'
    | 'findBySenderRef'
    | 'payInAccountsAt'
    | 'insert'
    | 'findById'
    | 'attachFeed'
    | 'lockSameTransfer'
    | 'sameTransferCandidates'
    | 'attachNotification'
    | 'attachFeedToNotified'
    | 'attachSenderRef'
    | 'statusesOf'
    | 'exceptionByHash'
  >
  playersRepository: Pick<PlayersRepository, 'findByMobile' | 'findById'>
  /** The approvals queue's record of a manual deposit, completed when the feed confirms it (ADR 035). */
  claims?: ClaimsQueue
  /**
   * Time-outs and self-exclusions (ADR 047): a transfer the matcher finds for another account of a restricted person,
   * or a slip of one, waits for an operator (amended 2026-11-29).
   */
  exclusionsRepository: Pick<ExclusionsRepository, 'excludedMatchingMember'>
}

/**
 * The intake of transfers (ADR 035, 063, 079, 080): the bank feed, forwarded bank notifications and verified slips each
 * report a transfer; each is stored once, found again by the same-transfer lookups when another source reported it
 * first, and credited once through `credit()`. Reports of one pay-in account and amount take turns
 * (`lockSameTransfer`), then the deposit's row, then the player's cash row: the one lock order.
 */
export function createTransferIntakeService(deps: TransferIntakeDeps) {
  const { db, clock, settings, depositsRepository, playersRepository } = deps
  const { credit } = deps.credit
  const match = (body: BankTransfer, on: Db = db) => matchTransfer(deps, on, body, clock.now())

  /** A feed transfer whose reference `depositId` holds: a replay, a duplicate, a claim completed, or an exception. */
  async function against(tx: Db, depositId: number, body: BankTransfer, requestHash: string): Promise<BankTransferResult> {
    const known = await depositsRepository.findById(tx, depositId, true)
    if (!known) throw new AppError('CONFLICT')
    if (known.requestHash === requestHash) return { status: known.status === 'UNMATCHED' ? 'UNMATCHED' : 'MATCHED', deposit_id: known.id }
    const reasons = await feedDifferences(deps, tx, known, body)
    const now = clock.now()
    if (reasons.length === 0) {
      if (known.feedAt) return { status: 'DUPLICATE', deposit_id: known.id }
      // The bank confirms an operator's record: the feed's facts are written onto it, and a waiting claim credits once.
      const { requestHash: hash, toAccount, fromBankCode, fromAccount, fromName, occurredAt } = transferFacts(body, requestHash, now)
      await depositsRepository.attachFeed(tx, known.id, { requestHash: hash, toAccount, fromBankCode, fromAccount, fromName, occurredAt, feedAt: now })
      if (known.status !== 'CLAIMED') return { status: 'DUPLICATE', deposit_id: known.id }
      await credit(tx, known, known.playerId!, 'MATCHED')
      await deps.claims?.confirmedByFeed(tx, known.id, now)
      return { status: 'MATCHED', deposit_id: known.id }
    }
    const stored =
      (await deps.credit.openException(tx, {
        ...transferFacts(body, requestHash, now),
        depositId: known.id,
        reasons,
        status: 'OPEN',
      })) ?? (await depositsRepository.exceptionByHash(tx, requestHash))
    if (!stored) throw new AppError('CONFLICT')
    return { status: 'EXCEPTION', deposit_id: known.id, exception_id: stored.id }
  }

  /**
   * The feed reports a transfer a notification reported first: the feed's reference and facts are written onto that
   * deposit (credited once already, or waiting), and one still waiting is matched again on the feed's fuller facts.
   */
  async function feedCompletesNotified(tx: Db, notified: DepositRow, body: BankTransfer, requestHash: string): Promise<BankTransferResult> {
    const now = clock.now()
    const { externalId, toAccount, fromBankCode, fromAccount, fromName, occurredAt } = transferFacts(body, requestHash, now)
    const attached = await depositsRepository.attachFeedToNotified(tx, notified.id, {
      externalId,
      requestHash,
      toAccount,
      fromBankCode,
      fromAccount,
      fromName,
      occurredAt,
      feedAt: now,
    })
    if (!attached) throw new AppError('CONFLICT')
    if (notified.status !== 'UNMATCHED') return { status: 'DUPLICATE', deposit_id: notified.id }
    const found = await match(body, tx)
    if ('reason' in found) return { status: 'UNMATCHED', deposit_id: notified.id }
    // Keyed by the feed's reference, as the feed's own credit would have been.
    await credit(tx, { ...notified, externalId }, found.playerId, 'MATCHED')
    return { status: 'MATCHED', deposit_id: notified.id }
  }

  /** The sending bank's reference a feed body may carry (ADR 079), as the one-credit key; null without one. */
  const senderRefOfBody = (body: BankTransfer) => (body.from_bank_ref ? senderRefOf(body.from_bank_code, body.from_bank_ref) : null)

  /**
   * The same transfer stored under another external id, by the sending bank's reference a feed body may carry (ADR
   * 079): a slip's credit, or the feed's own report of it under another id. A body without the reference finds nothing.
   */
  async function sameTransferByReference(tx: Db, body: BankTransfer): Promise<DepositRow | undefined> {
    const senderRef = senderRefOfBody(body)
    return senderRef ? depositsRepository.findBySenderRef(tx, senderRef) : undefined
  }

  /** A feed transfer stored under its reference already, or under the sending bank's (ADR 079). */
  const storedFeedTransfer = async (on: Db, body: BankTransfer) =>
    (await depositsRepository.findByExternalId(on, body.external_id)) ?? (await sameTransferByReference(on, body))

  /** receiveTransfer's work: store the feed's transfer once, credit it when one player matches. */
  async function receive(body: BankTransfer): Promise<BankTransferResult> {
    const requestHash = transferHash(body)
    const known = await storedFeedTransfer(db, body)
    if (known) return inTransaction(db, (tx) => against(tx, known.id, body, requestHash))
    const found = await match(body)
    const now = clock.now()
    return inTransaction(db, async (tx) => {
      // A notification may have reported this transfer first, without a reference (ADR 080).
      await depositsRepository.lockSameTransfer(tx, digits(body.to_account), body.amount)
      const reported = { toAccount: body.to_account, amount: body.amount, fromBankCode: body.from_bank_code, fromAccount: body.from_account }
      const same = await sameTransfer(depositsRepository, tx, { ...reported, occurredAt: new Date(body.occurred_at) }, 'feed', senderRefOfBody(body))
      if (same.kind === 'one') return feedCompletesNotified(tx, same.deposit, body, requestHash)
      // Several notified transfers fit and none is surely this one: stored, credited by no one until an operator looks.
      const unsure = same.kind === 'several' ? msg('UNMATCHED_SAME_TRANSFER_UNSURE', { ids: same.ids.join(', ') }) : null
      const deposit = await depositsRepository.insert(tx, {
        source: 'BANK_FEED',
        ...transferFacts(body, requestHash, now),
        senderRef: senderRefOfBody(body),
        feedAt: now,
        status: 'UNMATCHED',
        note: unsure ?? ('reason' in found ? found.reason : null),
      })
      if (!deposit) {
        // A transfer with this reference arrived at the same moment and the other request (or a slip) stored it first.
        const first = await storedFeedTransfer(tx, body)
        if (!first) throw new AppError('CONFLICT')
        return against(tx, first.id, body, requestHash)
      }
      if (unsure || 'reason' in found) return { status: 'UNMATCHED', deposit_id: deposit.id }
      await credit(tx, deposit, found.playerId, 'MATCHED')
      return { status: 'MATCHED', deposit_id: deposit.id }
    })
  }

  /**
   * A slip's transfer that a source stored first (ADR 079): told to the player when it is already theirs; an unmatched
   * one the slip proves is credited to them, when it is the same transfer (amount, pay-in account, a sender that can
   * be the member); anything else waits for an operator.
   */
  async function slipMeetsStored(tx: Db, known: DepositRow, slip: SlipTransfer): Promise<SlipCreditResult> {
    if (known.status === 'MATCHED' || known.status === 'ASSIGNED') {
      return { outcome: known.playerId === slip.player.id ? 'ALREADY_CREDITED' : 'CREDITED_TO_OTHER', depositId: known.id }
    }
    const sender = parseSenderAccount(known.fromAccount)
    const same =
      known.status === 'UNMATCHED' &&
      known.amount === slip.amount &&
      digits(known.toAccount) === digits(slip.payInAccount) &&
      known.fromBankCode === slip.player.bankCode &&
      accountMatches(sender, slip.player.bankAccount) &&
      nameMatches(known.fromName, slip.player.firstname, slip.player.surname)
    if (!same) return { outcome: 'REVIEW', reason: 'FEED_DIFFERS', depositId: known.id }
    await credit(tx, known, slip.player.id, 'MATCHED', msg('DEPOSIT_PROVEN_BY_SLIP'))
    return { outcome: 'CREDITED', depositId: known.id }
  }

  return {
    /**
     * A transfer from the bank feed: stored once by external id, credited when exactly one player matches. A reference
     * already held by a record is compared with it (ADR 035): the same transfer again is DUPLICATE; an operator's
     * manual deposit with the same amount from the member's account is completed (credited once); any other
     * difference is an EXCEPTION kept with both records for an operator, never a silent DUPLICATE.
     */
    async receiveTransfer(body: BankTransfer, log?: FeedLog): Promise<BankTransferResult> {
      const result = await receive(body)
      // The request's logger (its reqId) beside the bank's reference and what became of it: no account or name.
      log?.info({ bank_ref: body.external_id, ...result }, 'bank feed transfer received')
      return result
    },

    /**
     * A transfer a bank notification reported (ADR 080), in the caller's transaction: no bank reference, so it is
     * first looked for among what the feed reported (the same-transfer lookup). Found once: attached, DUPLICATE, no
     * credit. Several fit: AMBIGUOUS, nothing stored. None: stored as a NOTIFICATION deposit and credited when one
     * player matches, by the same rules as the feed (a masked sender needs a name).
     */
    async receiveNotification(tx: Db, transfer: NotifiedTransfer): Promise<NotifiedResult> {
      await depositsRepository.lockSameTransfer(tx, digits(transfer.toAccount), transfer.amount)
      const replay = await depositsRepository.findByExternalId(tx, transfer.key)
      if (replay) return { status: replay.creditedAt ? 'MATCHED' : 'UNMATCHED', deposit_id: replay.id, note: replay.note }
      const now = clock.now()
      const same = await sameTransfer(depositsRepository, tx, transfer, 'notification')
      if (same.kind === 'several') return { status: 'AMBIGUOUS', candidates: same.ids }
      if (same.kind === 'one') {
        if (!(await depositsRepository.attachNotification(tx, same.deposit.id, now))) throw new AppError('CONFLICT')
        return { status: 'DUPLICATE', deposit_id: same.deposit.id, note: null }
      }
      const body: BankTransfer = {
        external_id: transfer.key,
        to_account: transfer.toAccount,
        from_bank_code: transfer.fromBankCode,
        from_account: transfer.fromAccount,
        from_name: transfer.fromName,
        amount: transfer.amount,
        occurred_at: transfer.occurredAt.toISOString(),
      }
      const matched = await match(body, tx)
      const found = 'reason' in matched || settings.notificationsCredit ? matched : { reason: msg('UNMATCHED_NOTIFICATION_ONLY') }
      const note = 'reason' in found ? found.reason : null
      const deposit = await depositsRepository.insert(tx, {
        source: 'NOTIFICATION',
        ...transferFacts(body, transferHash(body), now),
        notificationAt: now,
        status: 'UNMATCHED',
        note,
      })
      if (!deposit) throw new AppError('CONFLICT')
      if ('reason' in found) return { status: 'UNMATCHED', deposit_id: deposit.id, note }
      await credit(tx, deposit, found.playerId, 'MATCHED')
      return { status: 'MATCHED', deposit_id: deposit.id, note: null }
    },

    /**
     * Credits the transfer a verified slip proves (ADR 079), in the caller's transaction, once across every source: the
     * sending bank's reference is the key. The first to store it wins; whoever comes second finds that row
     * (slipMeetsStored). The slips module has checked its rules (receiver, sender, amount, time) before asking.
     */
    async creditSlip(tx: Db, slip: SlipTransfer): Promise<SlipCreditResult> {
      const now = clock.now()
      // A member who is another account of a restricted person is not credited by a slip either (ADR 047).
      if ((await deps.exclusionsRepository.excludedMatchingMember(tx, slip.player.id, now)) !== undefined) {
        return { outcome: 'REVIEW', reason: 'EXCLUDED_PERSON', depositId: null }
      }
      const stored = await depositsRepository.findBySenderRef(tx, slip.senderRef, true)
      if (stored) return slipMeetsStored(tx, stored, slip)
      // The feed (without the reference) or a notification may have reported this transfer: one credit (ADR 079, 080).
      await depositsRepository.lockSameTransfer(tx, digits(slip.payInAccount), slip.amount)
      const same = await sameTransfer(depositsRepository, tx, { toAccount: slip.payInAccount, ...slip }, 'slip')
      if (same.kind === 'several') return { outcome: 'REVIEW', reason: 'FEED_DIFFERS', depositId: null }
      if (same.kind === 'one') {
        const met = await slipMeetsStored(tx, same.deposit, slip)
        // The slip's reference goes onto the row only when the row is this player's transfer: another member's that
        // merely looks alike keeps its own identity, so the feed's later report with the reference finds the right row.
        const ours = met.outcome === 'CREDITED' || met.outcome === 'ALREADY_CREDITED'
        if (ours && !(await depositsRepository.attachSenderRef(tx, same.deposit.id, slip.senderRef))) throw new AppError('CONFLICT')
        return met
      }
      const deposit = await depositsRepository.insert(tx, {
        source: 'SLIP',
        externalId: `slip:${slip.senderRef}`,
        requestHash: `slip:${slip.senderRef}`,
        senderRef: slip.senderRef,
        toAccount: slip.payInAccount,
        fromBankCode: slip.fromBankCode,
        fromAccount: slip.fromAccount,
        fromName: slip.fromName,
        amount: slip.amount,
        occurredAt: slip.occurredAt,
        receivedAt: now,
        status: 'UNMATCHED',
      })
      if (!deposit) {
        // Another source (or another check of this slip) stored the transfer a moment ago: its row decides.
        const first = await depositsRepository.findBySenderRef(tx, slip.senderRef, true)
        if (!first) throw new AppError('CONFLICT')
        return slipMeetsStored(tx, first, slip)
      }
      await credit(tx, deposit, slip.player.id, 'MATCHED')
      return { outcome: 'CREDITED', depositId: deposit.id }
    },

    /** The pay-in account a verified transfer's receiver is (active, or retired after the transfer), if any (ADR 079). */
    async payInAccountFor(tx: Db, receiver: TransferReceiver, at: Date): Promise<OperatorAccountRow | undefined> {
      return (await depositsRepository.payInAccountsAt(tx, at)).find((account) => receiverIsAccount(receiver, account))
    },

    /** The bill a deposit credited now would complete (LIVE, or expired within the grace), if the player has one. */
    openBillOf: (tx: Db, playerId: number) => deps.credit.openBillOf(tx, playerId),

    /** Where these deposits stand now, by id. */
    depositStatuses: async (ids: number[]) => new Map((await depositsRepository.statusesOf(db, ids)).map((d) => [d.id, d.status])),

    /** The approved pay-in accounts (active or retired): where a notification's masked account can point. */
    payInAccounts: (on: Db = db) => depositsRepository.approvedOperatorAccounts(on),

    /**
     * For the demo bank feed script: the registered account of the player with this mobile, and the operator account
     * a transfer from it should go to.
     */
    async devBankAccount(mobile: string) {
      const player = await playersRepository.findByMobile(db, mobile)
      if (!player) throw new AppError('NOT_FOUND', msg('MOBILE_NOT_FOUND'))
      const account = await depositsRepository.activeOperatorAccount(db)
      if (!account) throw new AppError('DEPENDENCY_DOWN', msg('DEPOSIT_NOT_READY'))
      return { bank_code: player.bankCode, bank_account: player.bankAccount, to_account: account.accountNumber }
    },
  }
}
export type TransferIntakeService = ReturnType<typeof createTransferIntakeService>
