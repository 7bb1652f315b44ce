import { createHash, randomUUID } from 'node:crypto'
import { bahtToSatang, findBank, msg, satangToBaht, type BankTransferBody, type BankTransferResult, type DepositBank, type DraftBill } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { uniqueViolation } from '../../db/errors.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { Ledger } from '../ledger/ledger.service.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import type { Actor } from '../../lib/actor.ts'
import { accountMatches, likePattern, nameConfirms, parseSenderAccount } from './account-match.ts'
import type { DepositRow, DepositsRepository, OperatorAccountRow } from './deposits.repository.ts'
import { promptPayPayload } from './promptpay.ts'
import type { PromotionService } from '../promotions/promotions.service.ts'

export interface DepositSettings {
  minAmount: number
  billTtlSeconds: number
  billGraceSeconds: number
  statusWindowMinutes: number
}

/** sha256 of the fields that define a bank transfer, so a replay can be told from a different transfer with the same id. */
export function transferHash(body: BankTransferBody): string {
  const canonical = [
    body.external_id,
    body.to_account,
    body.from_bank_code,
    body.from_account,
    body.from_name ?? '',
    bahtToSatang(body.amount).toString(),
    new Date(body.occurred_at).toISOString(),
  ]
  return createHash('sha256').update(canonical.join('\n')).digest('hex')
}

const creditTransfer = (deposit: DepositRow, playerId: number) => ({
  key: `deposit:${deposit.externalId}`,
  from: { house: 'bank_in' as const },
  to: { player: playerId, kind: 'cash' as const },
  amount: deposit.amount,
  kind: 'deposit',
  reference: `deposit:${deposit.id}`,
})

/** What the deposit service is given (app.ts wires the real ones; deposits.service.test.ts fakes them). */
export interface DepositServiceDeps {
  db: Db
  ledger: Pick<Ledger, 'transferMany'>
  clock: Clock
  settings: DepositSettings
  promotions?: Pick<PromotionService, 'checkDraft' | 'onDepositCredited'>
  depositsRepository: Pick<
    DepositsRepository,
    | 'activeOperatorAccount'
    | 'isOperatorAccountNumber'
    | 'candidates'
    | 'completableBill'
    | 'completeBill'
    | 'markCredited'
    | 'expireBills'
    | 'expireAllBills'
    | 'insertBill'
    | 'cancelLiveBill'
    | 'findByExternalId'
    | 'insert'
    | 'latestBill'
    | 'creditedSince'
    | 'findById'
  >
  playersRepository: Pick<PlayersRepository, 'findByMobile'>
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
  async function match(body: BankTransferBody): Promise<{ playerId: number } | { reason: string }> {
    if (!(await depositsRepository.isOperatorAccountNumber(db, body.to_account.replace(/-/g, '')))) return { reason: msg('UNMATCHED_WRONG_ACCOUNT') }
    const sender = parseSenderAccount(body.from_account)
    if (!sender) return { reason: msg('UNMATCHED_SENDER_UNREADABLE') }
    // A few visible digits are shared by many players: a masked account needs the sender's name to say who it is.
    if (sender.kind === 'masked' && !body.from_name?.trim()) return { reason: msg('UNMATCHED_MASKED_NO_NAME') }
    const candidates = (await depositsRepository.candidates(db, body.from_bank_code, likePattern(sender))).filter(
      (p) => accountMatches(sender, p.bankAccount) && (sender.kind === 'full' || nameConfirms(body.from_name, p.firstname, p.surname)),
    )
    if (candidates.length === 1) return { playerId: candidates[0]!.id }
    return { reason: candidates.length === 0 ? msg('UNMATCHED_NO_PLAYER') : msg('UNMATCHED_SEVERAL_PLAYERS', { count: candidates.length }) }
  }

  /** Credits a stored deposit to a player in the caller's transaction, completing the draft bill it answers. */
  async function credit(tx: Db, deposit: DepositRow, playerId: number, status: 'MATCHED' | 'ASSIGNED', note?: string | null) {
    const now = clock.now()
    await ledger.transferMany(tx, [creditTransfer(deposit, playerId)])
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
  }

  return {
    config: () => ({ min_amount: settings.minAmount }),

    async bank(): Promise<DepositBank> {
      const a = describeAccount(await operatorAccount())
      return { code: a.code, name: a.name, address: a.address, qrcode: a.qrcode }
    },

    async createDraftBill(actor: Actor, amountBaht: number, promotion: number | string | null | undefined): Promise<DraftBill> {
      if (amountBaht < settings.minAmount) throw new AppError('RULE_REFUSED', msg('DEPOSIT_BELOW_MIN', { min: settings.minAmount }))
      const amount = bahtToSatang(amountBaht)
      const promotionId = promotion === null || promotion === undefined ? null : Number(promotion)
      if (promotionId !== null) {
        if (!deps.promotions) throw new AppError('RULE_REFUSED', msg('PROMOTION_NOT_FOUND'))
        await deps.promotions.checkDraft(actor.playerId, promotionId, amount)
      }
      const account = await operatorAccount()
      const now = clock.now()
      try {
        const bill = await inTransaction(db, async (tx) => {
          await depositsRepository.expireBills(tx, actor.playerId, now)
          return depositsRepository.insertBill(tx, {
            id: randomUUID(),
            playerId: actor.playerId,
            amount,
            promotionId,
            operatorAccountId: account.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + settings.billTtlSeconds * 1000),
          })
        })
        const target = describeAccount(account, amount)
        return {
          payment_id: bill.id,
          amount: satangToBaht(bill.amount),
          expires_at: bill.expiresAt.toISOString(),
          payment_information: {
            bank_code: target.code,
            bank_name: target.bankName,
            bank_account_name: target.name,
            bank_address: target.address,
            bank_qrcode: target.qrcode,
          },
        }
      } catch (error) {
        if (uniqueViolation(error) === 'draft_bills_one_live_key') throw new AppError('CONFLICT', msg('DRAFT_BILL_LIVE'))
        throw error
      }
    },

    /** Marks every live bill past its time as expired (the scheduled job); answers how many. */
    expireDraftBills: (tx: Db) => depositsRepository.expireAllBills(tx, clock.now()),

    async cancelDraftBill(actor: Actor): Promise<void> {
      if (!(await depositsRepository.cancelLiveBill(db, actor.playerId))) throw new AppError('NOT_FOUND', msg('DRAFT_BILL_NONE'))
    },

    /** A transfer from the bank feed: stored once by external id, credited when exactly one player matches. */
    async receiveTransfer(body: BankTransferBody): Promise<BankTransferResult> {
      const requestHash = transferHash(body)
      const replay = (row: DepositRow): BankTransferResult =>
        row.requestHash !== requestHash
          ? { status: 'DUPLICATE', deposit_id: row.id }
          : { status: row.status === 'UNMATCHED' ? 'UNMATCHED' : 'MATCHED', deposit_id: row.id }

      const known = await depositsRepository.findByExternalId(db, body.external_id)
      if (known) return replay(known)
      const found = await match(body)
      const now = clock.now()
      return inTransaction(db, async (tx) => {
        const deposit = await depositsRepository.insert(tx, {
          source: 'BANK_FEED',
          externalId: body.external_id,
          requestHash,
          toAccount: body.to_account,
          fromBankCode: body.from_bank_code,
          fromAccount: body.from_account,
          fromName: body.from_name ?? null,
          amount: bahtToSatang(body.amount),
          occurredAt: new Date(body.occurred_at),
          receivedAt: now,
          status: 'UNMATCHED',
          note: 'reason' in found ? found.reason : null,
        })
        if (!deposit) {
          // The same transfer arrived at the same moment and the other request stored it first.
          const first = await depositsRepository.findByExternalId(tx, body.external_id)
          if (!first) throw new AppError('CONFLICT')
          return replay(first)
        }
        if ('reason' in found) return { status: 'UNMATCHED', deposit_id: deposit.id }
        await credit(tx, deposit, found.playerId, 'MATCHED')
        return { status: 'MATCHED', deposit_id: deposit.id }
      })
    },

    /**
     * What the slip check polls: the player's deposit credited since the check began (`checkStartedAt`), never one
     * from before it. The start is bounded to the status window (15 minutes, how long a check runs) and to now (a
     * phone clock running ahead). A caller that does not say when it began gets the later of the latest bill's
     * creation and the window's start, so an old bill never makes a new check succeed at once.
     */
    async status(actor: Actor, userId: number, checkStartedAt?: Date) {
      if (userId !== actor.playerId) throw new AppError('FORBIDDEN')
      const now = clock.now()
      const windowStart = new Date(now.getTime() - settings.statusWindowMinutes * 60_000)
      let since: Date
      if (checkStartedAt) {
        since = new Date(Math.min(Math.max(checkStartedAt.getTime(), windowStart.getTime()), now.getTime()))
      } else {
        const bill = await depositsRepository.latestBill(db, actor.playerId)
        since = bill && bill.createdAt > windowStart ? bill.createdAt : windowStart
      }
      const deposit = await depositsRepository.creditedSince(db, actor.playerId, since)
      if (!deposit?.creditedAt) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_YET_SEEN'))
      return { deposit_id: deposit.id, amount: satangToBaht(deposit.amount), credited_at: deposit.creditedAt.toISOString() }
    },

    /** An operator gives an unmatched transfer to a player. Returns before/after for the audit log. */
    async assign(tx: Db, depositId: number, mobile: string) {
      const deposit = await depositsRepository.findById(tx, depositId, true)
      if (!deposit) throw new AppError('NOT_FOUND', msg('DEPOSIT_NOT_FOUND'))
      if (deposit.status !== 'UNMATCHED') throw new AppError('CONFLICT', msg('DEPOSIT_ALREADY_MATCHED'))
      const player = await playersRepository.findByMobile(tx, mobile)
      if (!player) throw new AppError('NOT_FOUND', msg('MOBILE_NOT_FOUND'))
      await credit(tx, deposit, player.id, 'ASSIGNED', deposit.note)
      return { before: { status: deposit.status, player_id: null }, after: { status: 'ASSIGNED', player_id: player.id }, deposit, player }
    },

    /**
     * An operator records a transfer the feed has not reported (yet) and credits it at once. The bank's reference is
     * the deposit's external id, as the feed reports it: the same transfer arriving later through the feed finds it
     * and credits nothing (DUPLICATE); one the feed already stored is refused here (BANK_REF_TAKEN), and an operator
     * who wants it credited assigns that unmatched row instead.
     */
    async manual(tx: Db, input: { mobile: string; amount: number; bankRef: string; note: string; operatorId: number }) {
      const player = await playersRepository.findByMobile(tx, input.mobile)
      if (!player) throw new AppError('NOT_FOUND', msg('MOBILE_NOT_FOUND'))
      const now = clock.now()
      const externalId = input.bankRef.trim()
      const deposit = await depositsRepository.insert(tx, {
        source: 'MANUAL',
        externalId,
        // Not a feed body's hash: a feed report of this reference is always answered DUPLICATE.
        requestHash: `manual:${randomUUID()}`,
        toAccount: '-',
        fromBankCode: player.bankCode,
        fromAccount: player.bankAccount,
        fromName: null,
        amount: bahtToSatang(input.amount),
        occurredAt: now,
        receivedAt: now,
        status: 'UNMATCHED',
        note: `operator ${input.operatorId}: ${input.note}`,
      })
      if (!deposit) throw new AppError('BANK_REF_TAKEN')
      await credit(tx, deposit, player.id, 'ASSIGNED', deposit.note)
      return { deposit, player }
    },

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
