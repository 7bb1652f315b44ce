import { createHash, randomUUID } from 'node:crypto'
import {
  bahtToSatang,
  findBank,
  mayOperator,
  msg,
  satangToBaht,
  type OperatorRole,
  type BackofficeDeposit,
  type BankTransfer,
  type BankTransferResult,
  type DepositBank,
  type DraftBill,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { uniqueViolation } from '../../db/errors.ts'
import { AppError } from '../../errors.ts'
import { refuseWhileExcluded, type ExclusionReader } from '../exclusions/restriction.ts'
import type { ExclusionsRepository } from '../exclusions/exclusions.repository.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import type { Actor } from '../../lib/actor.ts'
import {
  accountMatches,
  likePattern,
  nameConfirms,
  nameMatches,
  parseSenderAccount,
  receiverIsAccount,
  sameSenderAccount,
  statementAccount,
  statementName,
  windowKey,
  type TransferReceiver,
} from './account-match.ts'
import type { DepositExceptionRow, DepositRow, DepositsRepository, DraftBillRow, OperatorAccountRow } from './deposits.repository.ts'
import type { PlayerRow } from '../users/users.repository.ts'
import { promptPayPayload } from './promptpay.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'
import type { PlanReader } from '../plan/plan.service.ts'
import type { LimitsService } from '../limits/limits.service.ts'
import { depositPeriodText } from '../limits/limit-rules.ts'

/** The bank feed request's logger (Fastify's request.log, which carries the reqId). */
export interface FeedLog {
  info(details: object, message: string): void
}

export interface DepositSettings {
  billTtlSeconds: number
  billGraceSeconds: number
  statusWindowMinutes: number
  /**
   * Whether a forwarded bank notification alone may credit a member (BANK_NOTIFICATIONS_CREDIT, ADR 080). Off unless
   * set: an SMS sender id can be spoofed, so by default a notification only joins a transfer another source reports,
   * and one that nothing else reports waits for the feed or an operator.
   */
  notificationsCredit?: boolean
}

/** sha256 of the fields that define a bank transfer, so a replay can be told from a different transfer with the same id. */
export function transferHash(body: BankTransfer): string {
  const canonical = [
    body.external_id,
    body.to_account,
    body.from_bank_code,
    body.from_account,
    body.from_name ?? '',
    body.amount.toString(),
    new Date(body.occurred_at).toISOString(),
    // Added with ADR 079: only when given, so the hash of a body without it is what it always was.
    ...(body.from_bank_ref ? [body.from_bank_ref] : []),
  ]
  return createHash('sha256').update(canonical.join('\n')).digest('hex')
}

/** A deposit as the back-office shows it, with the credited member's phone. */
/**
 * How much of a sender an operator sees (issue 34 §2): `full` for those who decide money, `statement` for the others,
 * the account and name masked as a bank statement shows them, so a support operator cannot hand an accomplice what
 * to register with.
 */
export type SenderView = 'full' | 'statement'

/** Senders in full to the roles that decide money; as a statement shows them to the others. */
export const senderViewOf = (role: OperatorRole): SenderView => (mayOperator(role, 'money.decide') ? 'full' : 'statement')

export function toBackofficeDeposit(d: DepositRow, mobile: string | null, view: SenderView = 'full'): BackofficeDeposit {
  return {
    id: d.id,
    source: d.source,
    status: d.status,
    external_id: d.externalId,
    to_account: d.toAccount,
    from_bank_code: d.fromBankCode,
    ...senderAsSeen(d, view),
    amount: satangToBaht(d.amount),
    occurred_at: d.occurredAt.toISOString(),
    received_at: d.receivedAt.toISOString(),
    note: d.note,
    player_id: d.playerId,
    mobile,
    credited_at: d.creditedAt?.toISOString() ?? null,
  }
}

/** A sender's account and name as `view` shows them. */
export function senderAsSeen(sender: { fromAccount: string; fromName: string | null }, view: SenderView) {
  return view === 'full'
    ? { from_account: sender.fromAccount, from_name: sender.fromName }
    : { from_account: statementAccount(sender.fromAccount), from_name: statementName(sender.fromName) }
}

/** What a feed report says of a transfer, as the deposit and exception rows keep it. */
function transferFacts(body: BankTransfer, requestHash: string, receivedAt: Date) {
  return {
    externalId: body.external_id,
    requestHash,
    toAccount: body.to_account,
    fromBankCode: body.from_bank_code,
    fromAccount: body.from_account,
    fromName: body.from_name ?? null,
    amount: body.amount,
    occurredAt: new Date(body.occurred_at),
    receivedAt,
  }
}

/** The one-credit key of a transfer (ADR 079): `<sending bank code>:<the sending bank's reference>`. */
export const senderRefOf = (sendingBank: string, reference: string) => `${sendingBank}:${reference}`

/** A transfer a verified slip proves (ADR 079), as the slips module hands it over to be credited. */
export interface SlipTransfer {
  /** `senderRefOf(sending bank, reference)` (a TrueMoney slip: `tmn:<reference>`). */
  senderRef: string
  player: PlayerRow
  amount: bigint
  occurredAt: Date
  /** The number of the pay-in account the receiver was found to be (deposits' `payInAccountFor`). */
  payInAccount: string
  fromBankCode: string
  fromAccount: string
  fromName: string | null
}

/**
 * What became of a slip's transfer: CREDITED now; ALREADY_CREDITED to this player (the feed or an earlier slip);
 * CREDITED_TO_OTHER (another member holds it); REVIEW when the stored transfer contradicts the slip, or the member is
 * another account of a restricted person (ADR 047): an operator decides, nothing is credited.
 */
export type SlipCreditResult =
  | { outcome: 'CREDITED' | 'ALREADY_CREDITED' | 'CREDITED_TO_OTHER'; depositId: number }
  | { outcome: 'REVIEW'; reason: 'FEED_DIFFERS' | 'EXCLUDED_PERSON'; depositId: number | null }

/**
 * The most players a sender's account may match before the name is checked: past it the transfer credits no one (a
 * mask that common cannot say who sent it, and a second player of the same name could be among the rows not read).
 */
const CANDIDATES_MAX = 200

const creditTransfer = (deposit: DepositRow, playerId: number) => ({
  key: `deposit:${deposit.externalId}`,
  from: { house: 'bank_in' as const },
  to: { player: playerId, kind: 'cash' as const },
  amount: deposit.amount,
  kind: 'deposit',
  reference: `deposit:${deposit.id}`,
})

/**
 * How far apart in time two reports of one transfer may be (ADR 080): a bank notification prints the minute and
 * may reach the forwarder minutes late (Bangkok Bank's carries no time: the phone's is used), the feed the second.
 * Ten minutes covers a late SMS; two transfers of one amount from one sender inside it are told apart by the minute
 * or left to an operator.
 */
export const SAME_TRANSFER_WINDOW_MS = 10 * 60_000

/** A transfer a bank notification reported (ADR 080): no bank reference; `key` is the notification's own. */
export interface NotifiedTransfer {
  key: string
  toAccount: string
  fromBankCode: string
  fromAccount: string
  fromName: string | null
  amount: bigint
  occurredAt: Date
}

/**
 * What became of a notified transfer: MATCHED (credited), UNMATCHED (stored, waits for an operator), DUPLICATE
 * (another source reported it: attached to that deposit, no credit), AMBIGUOUS (several transfers fit: nothing stored).
 */
export type NotifiedResult =
  { status: 'MATCHED' | 'UNMATCHED' | 'DUPLICATE'; deposit_id: number; note: string | null } | { status: 'AMBIGUOUS'; candidates: number[] }

/** What the deposit service is given (app.ts wires the real ones; deposits.service.test.ts fakes them). */
/**
 * Where a manual deposit (a claim) waits for its confirmation: the approvals queue, handed in by services.ts (ADR 066).
 * The bank feed confirming the claim's transfer completes the waiting action there.
 */
export interface ClaimsQueue {
  confirmedByFeed(tx: Db, depositId: number, at: Date): Promise<void>
}

export interface DepositServiceDeps {
  db: Db
  ledger: Pick<Ledger, 'transferMany' | 'lockPlayers'>
  clock: Clock
  settings: DepositSettings
  /** The player's own deposit limits (ADR 048): a bill over them is refused, a transfer over them credited and flagged. */
  limits?: Pick<LimitsService, 'depositAllowance'>
  /** The referral plan and limits: the deposit minimum (ADR 044). */
  plan: PlanReader
  promotions?: Pick<PromotionService, 'checkDraft' | 'onDepositCredited'>
  depositsRepository: Pick<
    DepositsRepository,
    | 'activeOperatorAccount'
    | 'approvedOperatorAccounts'
    | 'pickOperatorAccount'
    | 'isOperatorAccountNumber'
    | 'candidates'
    | 'completableBill'
    | 'completeBill'
    | 'markCredited'
    | 'expireBills'
    | 'expireAllBills'
    | 'insertBill'
    | 'latestBill'
    | 'cancelLiveBill'
    | 'findByExternalId'
    | 'findBySenderRef'
    | 'payInAccountsAt'
    | 'insert'
    | 'lastCredited'
    | 'creditedAfter'
    | 'findById'
    | 'attachFeed'
    | 'lockSameTransfer'
    | 'sameTransferCandidates'
    | 'attachNotification'
    | 'attachFeedToNotified'
    | 'attachSenderRef'
    | 'statusesOf'
    | 'releaseClaim'
    | 'insertException'
    | 'exceptionByHash'
    | 'hasOpenException'
    | 'resolveException'
  >
  playersRepository: Pick<PlayersRepository, 'findByMobile' | 'findById'>
  /** The approvals queue's record of a manual deposit, completed when the feed confirms it (ADR 035). */
  claims?: ClaimsQueue
  /**
   * Time-outs and self-exclusions (ADR 047): no draft bill while one is in force; a transfer still credits, noted; a
   * transfer the matcher finds for another account of a restricted person waits for an operator (amended 2026-11-29).
   */
  exclusionsRepository: ExclusionReader & Pick<ExclusionsRepository, 'excludedMatchingMember'>
  /** The risk rules of a credited deposit (issue 39 §1, ADR 089), in the credit's transaction; absent, none. */
  risk?: { onDepositCredited(tx: Db, deposit: { id: number; playerId: number }): Promise<unknown> }
}

const digits = (account: string) => account.replace(/\D/g, '')

/** Whether a transfer's sender can be this member: the registered bank and account, and a name that fits. */
export function senderIsMember(
  sender: { fromBankCode: string; fromAccount: string; fromName: string | null },
  member: Pick<PlayerRow, 'bankCode' | 'bankAccount' | 'firstname' | 'surname'>,
): boolean {
  const parsed = parseSenderAccount(sender.fromAccount)
  if (!parsed || sender.fromBankCode !== member.bankCode || !accountMatches(parsed, member.bankAccount)) return false
  // A masked account shows a few digits many players share: only the name says it is this member.
  return parsed.kind === 'full'
    ? nameMatches(sender.fromName, member.firstname, member.surname)
    : nameConfirms(sender.fromName, member.firstname, member.surname)
}

/**
 * What holds the assignment of a transfer to a member for a second operator (ADR 035; issue 34 §2): a sender that is
 * not the member, or a member registered after the transfer arrived, whose account and name may have been copied from
 * the unmatched queue. Both ways a transfer is given to a member (an unmatched one, an exception's) ask this.
 */
export function assignmentHolds(
  transfer: { fromBankCode: string; fromAccount: string; fromName: string | null; receivedAt: Date },
  member: Pick<PlayerRow, 'bankCode' | 'bankAccount' | 'firstname' | 'surname' | 'createdAt'>,
) {
  return { senderNotMember: !senderIsMember(transfer, member), memberAfterTransfer: member.createdAt.getTime() > transfer.receivedAt.getTime() }
}

/** Deposits by bank transfer: the operator account to pay, draft bills, the bank feed and its matcher, slip status. */
export function createDepositService(deps: DepositServiceDeps) {
  const { db, ledger, clock, settings, depositsRepository, playersRepository } = deps

  function describeAccount(account: OperatorAccountRow, amount?: bigint) {
    const qrcode = account.promptpayType && account.promptpayId ? promptPayPayload({ type: account.promptpayType, id: account.promptpayId }, amount) : null
    return {
      code: account.bankCode,
      name: account.accountName,
      address: account.accountNumber,
      qrcode,
      bankName: findBank(account.bankCode)?.th ?? account.bankCode,
    }
  }

  async function operatorAccount(): Promise<OperatorAccountRow> {
    const account = await depositsRepository.activeOperatorAccount(db)
    if (!account) throw new AppError('DEPENDENCY_DOWN', msg('DEPOSIT_NOT_READY'))
    return account
  }

  /** Finds the one player a transfer came from, or says why there is none. */
  async function match(body: BankTransfer, on: Db = db): Promise<{ playerId: number } | { reason: string }> {
    if (!(await depositsRepository.isOperatorAccountNumber(on, body.to_account.replace(/-/g, '')))) return { reason: msg('UNMATCHED_WRONG_ACCOUNT') }
    const sender = parseSenderAccount(body.from_account)
    if (!sender) return { reason: msg('UNMATCHED_SENDER_UNREADABLE') }
    // A few visible digits are shared by many players: a masked account needs the sender's name to say who it is.
    if (sender.kind === 'masked' && !body.from_name?.trim()) return { reason: msg('UNMATCHED_MASKED_NO_NAME') }
    const found = await depositsRepository.candidates(
      on,
      { bankCode: body.from_bank_code, accountLike: likePattern(sender), window: windowKey(body.from_bank_code, sender) },
      CANDIDATES_MAX + 1,
    )
    // The name is checked here, on the rows found: a mask shared by more players than were read could hide a second
    // player of the same name, so it credits no one (an operator assigns it).
    if (found.length > CANDIDATES_MAX) return { reason: msg('UNMATCHED_TOO_MANY_PLAYERS', { count: CANDIDATES_MAX }) }
    const candidates = found.filter(
      (p) => accountMatches(sender, p.bankAccount) && (sender.kind === 'full' || nameConfirms(body.from_name, p.firstname, p.surname)),
    )
    if (candidates.length === 1) {
      const playerId = candidates[0]!.id
      // A person with a time-out or self-exclusion in force is never credited through another account of theirs (ADR
      // 047, amended 2026-11-29): the transfer waits for an operator, who can give it to the restricted account (which
      // can only withdraw) or return it. Their own account is credited as before.
      const excluded = await deps.exclusionsRepository.excludedMatchingMember(on, playerId, clock.now())
      if (excluded !== undefined) return { reason: msg('UNMATCHED_EXCLUDED_PERSON', { member: playerId, excluded }) }
      return { playerId }
    }
    return { reason: candidates.length === 0 ? msg('UNMATCHED_NO_PLAYER') : msg('UNMATCHED_SEVERAL_PLAYERS', { count: candidates.length }) }
  }

  /** Credits a stored deposit to a player in the caller's transaction, completing the draft bill it answers. */
  async function credit(tx: Db, deposit: DepositRow, playerId: number, status: 'MATCHED' | 'ASSIGNED', note?: string | null) {
    const now = clock.now()
    // A transfer from a restricted player is theirs: it is credited like any (never kept from them, ADR 047), starts no
    // promotion, and carries a note the back-office sees with the deposit.
    if ((await deps.exclusionsRepository.activeMany(tx, [playerId], now)).has(playerId)) {
      note = note ? `${msg('DEPOSIT_DURING_EXCLUSION')} ${note}` : msg('DEPOSIT_DURING_EXCLUSION')
    }
    // The player's credits take turns (the cash row's lock), so each is judged against the deposits credited before it.
    if (deps.limits) await ledger.lockPlayers(tx, [playerId])
    const allowance = deps.limits ? await deps.limits.depositAllowance(tx, playerId) : null
    await ledger.transferMany(tx, [creditTransfer(deposit, playerId)])
    if (allowance && deposit.amount > allowance.remaining) {
      // Money is never kept from the player: the transfer is credited, and the back-office's exceptions queue is told
      // it went past the player's own limit (ADR 048), to be acknowledged by an operator.
      await depositsRepository.insertException(tx, {
        externalId: deposit.externalId,
        requestHash: `limit:${deposit.id}`,
        toAccount: deposit.toAccount,
        fromBankCode: deposit.fromBankCode,
        fromAccount: deposit.fromAccount,
        fromName: deposit.fromName,
        amount: deposit.amount,
        occurredAt: deposit.occurredAt,
        receivedAt: now,
        depositId: deposit.id,
        reasons: ['DEPOSIT_LIMIT'],
        status: 'OPEN',
        limitDetail: { kind: allowance.kind, limit: allowance.limit.toString(), remaining: allowance.remaining.toString() },
      })
    }
    const bill = await depositsRepository.completableBill(tx, playerId, new Date(now.getTime() - settings.billGraceSeconds * 1000))
    if (bill) await depositsRepository.completeBill(tx, bill.id, deposit.id)
    if (bill?.promotionId && deps.promotions) {
      await deps.promotions.onDepositCredited(tx, { playerId, depositId: deposit.id, amount: deposit.amount, promotionId: bill.promotionId })
    }
    await depositsRepository.markCredited(tx, deposit.id, {
      status,
      playerId,
      creditedAt: now,
      draftBillId: bill?.id ?? null,
      ...(note !== undefined ? { note } : {}),
    })
    await deps.risk?.onDepositCredited(tx, { id: deposit.id, playerId })
  }

  /** What differs between a stored record and a feed transfer with its reference: AMOUNT, SENDER, PAY_IN_ACCOUNT. */
  async function differences(tx: Db, known: DepositRow, body: BankTransfer) {
    const reasons: Array<'AMOUNT' | 'SENDER' | 'PAY_IN_ACCOUNT'> = []
    if (body.amount !== known.amount) reasons.push('AMOUNT')
    if (known.feedAt) {
      if (known.fromBankCode !== body.from_bank_code || digits(known.fromAccount) !== digits(body.from_account)) reasons.push('SENDER')
      if (digits(known.toAccount) !== digits(body.to_account)) reasons.push('PAY_IN_ACCOUNT')
    } else {
      // An operator's record: the transfer must come from the member's registered account into one of ours.
      const member = known.playerId === null ? undefined : await playersRepository.findById(tx, known.playerId)
      const sender = { fromBankCode: body.from_bank_code, fromAccount: body.from_account, fromName: body.from_name ?? null }
      if (!member || !senderIsMember(sender, member)) reasons.push('SENDER')
      if (!(await depositsRepository.isOperatorAccountNumber(tx, digits(body.to_account)))) reasons.push('PAY_IN_ACCOUNT')
    }
    return reasons
  }

  /** A feed transfer whose reference `depositId` holds: a replay, a duplicate, a claim completed, or an exception. */
  async function against(tx: Db, depositId: number, body: BankTransfer, requestHash: string): Promise<BankTransferResult> {
    const known = await depositsRepository.findById(tx, depositId, true)
    if (!known) throw new AppError('CONFLICT')
    if (known.requestHash === requestHash) return { status: known.status === 'UNMATCHED' ? 'UNMATCHED' : 'MATCHED', deposit_id: known.id }
    const reasons = await differences(tx, known, body)
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
      (await depositsRepository.insertException(tx, {
        ...transferFacts(body, requestHash, now),
        depositId: known.id,
        reasons,
        status: 'OPEN',
      })) ?? (await depositsRepository.exceptionByHash(tx, requestHash))
    if (!stored) throw new AppError('CONFLICT')
    return { status: 'EXCEPTION', deposit_id: known.id, exception_id: stored.id }
  }

  /**
   * The same-transfer lookup for reports without a shared reference (ADR 080): the transfers the other kind of source
   * reported to the same pay-in account, of the same amount, from the same sending bank and a sender account that can
   * be the same, within SAME_TRANSFER_WINDOW_MS. One fits: it is this transfer. Several: the one in the same minute,
   * if only one is; otherwise nobody can say which, and the caller credits nothing.
   */
  async function sameTransfer(
    tx: Db,
    t: { toAccount: string; amount: bigint; fromBankCode: string; fromAccount: string; occurredAt: Date },
    reportedBy: 'feed' | 'notification' | 'slip',
    senderRef: string | null = null,
  ): Promise<{ kind: 'none' } | { kind: 'one'; deposit: DepositRow } | { kind: 'several'; ids: number[] }> {
    const at = t.occurredAt.getTime()
    const rows = await depositsRepository.sameTransferCandidates(tx, {
      toAccountDigits: digits(t.toAccount),
      amount: t.amount,
      from: new Date(at - SAME_TRANSFER_WINDOW_MS),
      to: new Date(at + SAME_TRANSFER_WINDOW_MS),
      reportedBy,
      senderRef,
    })
    const fits = rows.filter((row) => row.fromBankCode === t.fromBankCode && sameSenderAccount(row.fromAccount, t.fromAccount))
    if (fits.length === 0) return { kind: 'none' }
    if (fits.length === 1) return { kind: 'one', deposit: fits[0]! }
    const sameMinute = fits.filter((row) => Math.abs(row.occurredAt.getTime() - at) < 60_000)
    if (sameMinute.length === 1) return { kind: 'one', deposit: sameMinute[0]! }
    return { kind: 'several', ids: fits.map((row) => row.id) }
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

  /**
   * The same transfer stored under another external id, by the sending bank's reference a feed body may carry (ADR
   * 079): a slip's credit, or the feed's own report of it under another id. A body without the reference finds nothing.
   */
  async function sameTransferByReference(tx: Db, body: BankTransfer): Promise<DepositRow | undefined> {
    return body.from_bank_ref ? depositsRepository.findBySenderRef(tx, senderRefOf(body.from_bank_code, body.from_bank_ref)) : undefined
  }

  /** receiveTransfer's work: store the feed's transfer once, credit it when one player matches. */
  async function receive(body: BankTransfer): Promise<BankTransferResult> {
    const requestHash = transferHash(body)
    const known = (await depositsRepository.findByExternalId(db, body.external_id)) ?? (await sameTransferByReference(db, body))
    if (known) return inTransaction(db, (tx) => against(tx, known.id, body, requestHash))
    const found = await match(body)
    const now = clock.now()
    return inTransaction(db, async (tx) => {
      // A notification may have reported this transfer first, without a reference (ADR 080).
      await depositsRepository.lockSameTransfer(tx, digits(body.to_account), body.amount)
      const same = await sameTransfer(
        tx,
        {
          toAccount: body.to_account,
          amount: body.amount,
          fromBankCode: body.from_bank_code,
          fromAccount: body.from_account,
          occurredAt: new Date(body.occurred_at),
        },
        'feed',
        body.from_bank_ref ? senderRefOf(body.from_bank_code, body.from_bank_ref) : null,
      )
      if (same.kind === 'one') return feedCompletesNotified(tx, same.deposit, body, requestHash)
      // Several notified transfers fit and none is surely this one: stored, credited by no one until an operator looks.
      const unsure = same.kind === 'several' ? msg('UNMATCHED_SAME_TRANSFER_UNSURE', { ids: same.ids.join(', ') }) : null
      const deposit = await depositsRepository.insert(tx, {
        source: 'BANK_FEED',
        ...transferFacts(body, requestHash, now),
        senderRef: body.from_bank_ref ? senderRefOf(body.from_bank_code, body.from_bank_ref) : null,
        feedAt: now,
        status: 'UNMATCHED',
        note: unsure ?? ('reason' in found ? found.reason : null),
      })
      if (!deposit) {
        // A transfer with this reference arrived at the same moment and the other request (or a slip) stored it first.
        const first = (await depositsRepository.findByExternalId(tx, body.external_id)) ?? (await sameTransferByReference(tx, body))
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

  /** A bill as the player sees it, by the server's clock `now`: LIVE with the seconds left, or EXPIRED. */
  function billAnswer(bill: DraftBillRow, account: OperatorAccountRow, now: Date): DraftBill {
    const target = describeAccount(account, bill.amount)
    const left = Math.ceil((bill.expiresAt.getTime() - now.getTime()) / 1000)
    return {
      payment_id: bill.id,
      status: left > 0 ? 'LIVE' : 'EXPIRED',
      amount: satangToBaht(bill.amount),
      promotion_id: bill.promotionId,
      expires_at: bill.expiresAt.toISOString(),
      seconds_left: Math.max(0, left),
      payment_information: {
        bank_code: target.code,
        bank_name: target.bankName,
        bank_account_name: target.name,
        bank_address: target.address,
        bank_qrcode: target.qrcode,
      },
    }
  }

  return {
    config: async () => ({ min_amount: satangToBaht((await deps.plan.current()).depositMin) }),

    async bank(): Promise<DepositBank> {
      const a = describeAccount(await operatorAccount())
      return { code: a.code, name: a.name, address: a.address, qrcode: a.qrcode }
    },

    async createDraftBill(actor: Actor, amountBaht: number, promotion: number | string | null | undefined): Promise<DraftBill> {
      await refuseWhileExcluded(deps.exclusionsRepository, db, actor.playerId, clock.now())
      const amount = bahtToSatang(amountBaht)
      const { depositMin } = await deps.plan.current()
      if (amount < depositMin) throw new AppError('RULE_REFUSED', msg('DEPOSIT_BELOW_MIN', { min: satangToBaht(depositMin) }))
      const promotionId = promotion === null || promotion === undefined ? null : Number(promotion)
      if (promotionId !== null) {
        if (!deps.promotions) throw new AppError('RULE_REFUSED', msg('PROMOTION_NOT_FOUND'))
        await deps.promotions.checkDraft(actor.playerId, promotionId, amount)
      }
      const allowance = deps.limits ? await deps.limits.depositAllowance(db, actor.playerId, depositMin) : null
      if (allowance && amount > allowance.remaining) {
        // Less than the minimum left under a limit: no deposit is possible until its period resets, so say when.
        const reopens = allowance.reopens
        throw new AppError(
          'LIMIT_EXCEEDED',
          reopens
            ? msg('DEPOSIT_LIMIT_REACHED', { period: depositPeriodText(reopens.kind), min: depositMin, until: reopens.at })
            : msg('DEPOSIT_LIMIT_REMAINING', { period: depositPeriodText(allowance.kind), remaining: allowance.remaining }),
        )
      }
      const now = clock.now()
      try {
        const { bill, account } = await inTransaction(db, async (tx) => {
          await depositsRepository.expireBills(tx, actor.playerId, now)
          // Several accounts may be active: the bill takes the one used least recently and remembers it.
          const account = await depositsRepository.pickOperatorAccount(tx, now)
          if (!account) throw new AppError('DEPENDENCY_DOWN', msg('DEPOSIT_NOT_READY'))
          const bill = await depositsRepository.insertBill(tx, {
            id: randomUUID(),
            playerId: actor.playerId,
            amount,
            promotionId,
            operatorAccountId: account.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + settings.billTtlSeconds * 1000),
          })
          return { bill, account }
        })
        return billAnswer(bill, account, now)
      } catch (error) {
        if (uniqueViolation(error) === 'draft_bills_one_live_key') throw new AppError('CONFLICT', msg('DRAFT_BILL_LIVE'))
        throw error
      }
    },

    /** Marks every live bill past its time as expired (the scheduled job); answers how many. */
    expireDraftBills: (tx: Db) => depositsRepository.expireAllBills(tx, clock.now()),

    /**
     * The player's open draft bill (ADR 071): the newest, while it is live, or once its time ran out for as long as a
     * transfer still completes it (the grace), marked EXPIRED so the deposit page can say so; otherwise null. Read only:
     * a bill past its time is marked by the job or the player's next bill, not here.
     */
    async openDraftBill(actor: Actor): Promise<DraftBill | null> {
      const latest = await depositsRepository.latestBill(db, actor.playerId)
      if (!latest || (latest.bill.status !== 'LIVE' && latest.bill.status !== 'EXPIRED')) return null
      const now = clock.now()
      if (latest.bill.expiresAt.getTime() + settings.billGraceSeconds * 1000 <= now.getTime()) return null
      return billAnswer(latest.bill, latest.account, now)
    },

    async cancelDraftBill(actor: Actor): Promise<void> {
      if (!(await depositsRepository.cancelLiveBill(db, actor.playerId))) throw new AppError('NOT_FOUND', msg('DRAFT_BILL_NONE'))
    },

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
      const same = await sameTransfer(tx, transfer, 'notification')
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

    /** Where these deposits stand now, by id. */
    depositStatuses: async (ids: number[]) => new Map((await depositsRepository.statusesOf(db, ids)).map((d) => [d.id, d.status])),

    /** The approved pay-in accounts (active or retired): where a notification's masked account can point. */
    payInAccounts: (on: Db = db) => depositsRepository.approvedOperatorAccounts(on),

    /** Where a slip check begins: the player's last credited deposit now (spec §4; issue 21: never the phone's clock). */
    async checkCursor(actor: Actor, userId: number): Promise<{ after: number | null }> {
      if (userId !== actor.playerId) throw new AppError('FORBIDDEN')
      const last = await depositsRepository.lastCredited(db, actor.playerId)
      return { after: last?.id ?? null }
    },

    /**
     * A poll of the slip check: the newest deposit credited after the check's cursor (the player's own credited
     * deposit it began after, or none), within the status window; NOT_FOUND while there is none.
     */
    async status(actor: Actor, userId: number, after: number | null) {
      if (userId !== actor.playerId) throw new AppError('FORBIDDEN')
      const windowStart = new Date(clock.now().getTime() - settings.statusWindowMinutes * 60_000)
      const cursor = after === null ? null : await depositsRepository.findById(db, after)
      if (after !== null && (cursor?.playerId !== actor.playerId || !cursor.creditedAt)) {
        throw new AppError('VALIDATION_FAILED', msg('DEPOSIT_CHECK_CURSOR_INVALID'))
      }
      const deposit = await depositsRepository.creditedAfter(
        db,
        actor.playerId,
        cursor?.creditedAt ? { creditedAt: cursor.creditedAt, id: cursor.id } : null,
        windowStart,
      )
      if (!deposit?.creditedAt) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_YET_SEEN'))
      return { deposit_id: deposit.id, amount: satangToBaht(deposit.amount), credited_at: deposit.creditedAt.toISOString() }
    },

    /**
     * An operator's manual deposit: a claim that the transfer with this bank reference exists. It credits nothing
     * (status CLAIMED) until the feed reports the transfer or a second operator confirms it (ADR 035). A reference the
     * feed already stored is refused (BANK_REF_TAKEN): the operator assigns that row instead.
     */
    async claim(tx: Db, input: { player: PlayerRow; amount: bigint; bankRef: string; note: string; operatorId: number }) {
      const now = clock.now()
      const deposit = await depositsRepository.insert(tx, {
        source: 'MANUAL',
        externalId: input.bankRef.trim(),
        // Not a feed body's hash: the feed's report of this reference is compared field by field.
        requestHash: `manual:${randomUUID()}`,
        toAccount: '-',
        fromBankCode: input.player.bankCode,
        fromAccount: input.player.bankAccount,
        fromName: null,
        amount: input.amount,
        occurredAt: now,
        receivedAt: now,
        status: 'CLAIMED',
        // The member it is claimed for; credited only with credited_at.
        playerId: input.player.id,
        note: `operator ${input.operatorId}: ${input.note}`,
      })
      if (!deposit) throw new AppError('BANK_REF_TAKEN')
      return deposit
    },

    /**
     * Credits a held transfer (an unmatched one given to a member, or a claim a second operator confirmed) in the
     * caller's transaction, once: the row is locked and must still be in the state the decision was made on.
     */
    async creditHeld(tx: Db, depositId: number, playerId: number, expected: 'UNMATCHED' | 'CLAIMED') {
      const deposit = await depositsRepository.findById(tx, depositId, true)
      if (!deposit) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_FOUND'))
      if (deposit.status !== expected) throw new AppError('CONFLICT', msg('DEPOSIT_ALREADY_MATCHED'))
      await credit(tx, deposit, playerId, 'ASSIGNED', deposit.note)
      return deposit
    },

    /** A rejected claim gives its reference back, so the real transfer, if it ever comes, is matched afresh. */
    async releaseClaim(tx: Db, depositId: number, approvalId: number) {
      const deposit = await depositsRepository.findById(tx, depositId, true)
      if (deposit?.status === 'CLAIMED') await depositsRepository.releaseClaim(tx, depositId, `${deposit.externalId}#rejected-${approvalId}`)
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
      const same = await sameTransfer(tx, { toAccount: slip.payInAccount, ...slip }, 'slip')
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
    openBillOf: (tx: Db, playerId: number) =>
      depositsRepository.completableBill(tx, playerId, new Date(clock.now().getTime() - settings.billGraceSeconds * 1000)),

    /** Locks a transfer's row in the caller's transaction, as the bank feed does before deciding on it. */
    async lock(tx: Db, depositId: number) {
      return depositsRepository.findById(tx, depositId, true)
    },

    /** Whether a feed transfer contradicting this record waits as an open exception. */
    hasOpenException: (tx: Db, depositId: number) => depositsRepository.hasOpenException(tx, depositId),

    /**
     * Makes an exception's transfer a deposit of its own, UNMATCHED until it is assigned, under a reference of its own
     * (the exception's reference is the other record's): once, in the caller's transaction.
     */
    async depositOfException(tx: Db, found: DepositExceptionRow, note: string) {
      const deposit = await depositsRepository.insert(tx, {
        source: 'BANK_FEED',
        externalId: `${found.externalId}#exception-${found.id}`,
        requestHash: found.requestHash,
        toAccount: found.toAccount,
        fromBankCode: found.fromBankCode,
        fromAccount: found.fromAccount,
        fromName: found.fromName,
        amount: found.amount,
        occurredAt: found.occurredAt,
        receivedAt: found.receivedAt,
        feedAt: found.receivedAt,
        status: 'UNMATCHED',
        note,
      })
      if (!deposit) throw new AppError('CONFLICT')
      return deposit
    },

    /** Closes an open exception: credited (as the deposit made of it) or dismissed, by an operator with a reason. */
    resolveException: (tx: Db, id: number, change: Parameters<DepositsRepository['resolveException']>[2]) =>
      depositsRepository.resolveException(tx, id, change),

    /**
     * For the demo bank feed script: the registered account of the player with this mobile, and the operator account
     * a transfer from it should go to.
     */
    async devBankAccount(mobile: string) {
      const player = await playersRepository.findByMobile(db, mobile)
      if (!player) throw new AppError('NOT_FOUND', msg('MOBILE_NOT_FOUND'))
      const target = describeAccount(await operatorAccount())
      return { bank_code: player.bankCode, bank_account: player.bankAccount, to_account: target.address }
    },
  }
}
export type DepositService = ReturnType<typeof createDepositService>
