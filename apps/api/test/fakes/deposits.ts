import type { DeclinedDepositRow, DepositExceptionRow, DepositRow, DraftBillRow, OperatorAccountRow } from '../../src/modules/deposits/deposits.repository.ts'
import type { DepositCreditDeps } from '../../src/modules/deposits/deposit-credit.ts'
import type { DepositServiceDeps } from '../../src/modules/deposits/deposits.service.ts'
import type { createHeldTransfersService } from '../../src/modules/deposits/held-transfers.service.ts'
import type { TransferIntakeDeps } from '../../src/modules/deposits/transfer-intake.service.ts'
import type { PlayerRow } from '../../src/modules/users/users.repository.ts'
import { insertInto } from './db.ts'

/** The error PostgreSQL raises for a broken unique index, as `uniqueViolation` reads it. */
function uniqueViolation(constraint: string) {
  return Object.assign(new Error(`duplicate key value violates unique constraint "${constraint}"`), { code: '23505', constraint })
}

/** SQL LIKE as the candidates query uses it (`%` any run, `_` one character). */
function likeToRegExp(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/%/g, '.*')
      .replace(/_/g, '.')}$`,
  )
}

/** What the deposits module's services ask of their repository, together. */
type FakeDepositsRepository = DepositServiceDeps['depositsRepository'] &
  TransferIntakeDeps['depositsRepository'] &
  DepositCreditDeps['depositsRepository'] &
  Parameters<typeof createHeldTransfersService>[0]['depositsRepository']

/**
 * Operator accounts, draft bills and deposits in memory, keeping the rules the tables enforce: one LIVE bill per
 * player (draft_bills_one_live_key) and one deposit per external id. `players` are the rows the matcher searches.
 */
export function fakeDepositsRepository(players: readonly PlayerRow[]) {
  const accounts: OperatorAccountRow[] = []
  const bills: DraftBillRow[] = []
  const deposits: DepositRow[] = []
  const exceptions: DepositExceptionRow[] = []
  const declined: DeclinedDepositRow[] = []
  /** The player's credited deposits in the repository's order: latest credit first, then the highest id. */
  const creditedNewestFirst = (playerId: number) =>
    deposits.filter((d) => d.playerId === playerId && d.creditedAt).sort((a, b) => b.creditedAt!.getTime() - a.creditedAt!.getTime() || b.id - a.id)
  const used = (a: OperatorAccountRow) => a.lastUsedAt?.getTime() ?? -Infinity
  const leastRecentlyUsed = () => accounts.filter((a) => a.active).sort((a, b) => used(a) - used(b) || a.sort - b.sort || a.id - b.id)[0]
  const repository: FakeDepositsRepository = {
    activeOperatorAccount: async () => leastRecentlyUsed(),
    async pickOperatorAccount(_db, now) {
      const account = leastRecentlyUsed()
      if (account) account.lastUsedAt = now
      return account
    },
    isOperatorAccountNumber: async (_db, number) => accounts.some((a) => a.accountNumber === number && a.status === 'APPROVED'),
    approvedOperatorAccounts: async () => accounts.filter((a) => a.status === 'APPROVED'),
    // The window key only narrows what the pattern already says (ADR 063): the pattern is enough here.
    candidates: async (_db, { bankCode, accountLike }, limit) =>
      players
        .filter((p) => p.bankCode === bankCode && likeToRegExp(accountLike).test(p.bankAccount))
        .slice(0, limit)
        .map((p) => ({ id: p.id, bankAccount: p.bankAccount, firstname: p.firstname, surname: p.surname, status: p.status })),
    async expireBills(_db, playerId, now) {
      for (const b of bills) if (b.playerId === playerId && b.status === 'LIVE' && b.expiresAt <= now) b.status = 'EXPIRED'
    },
    async expireAllBills(_db, now) {
      const expiring = bills.filter((b) => b.status === 'LIVE' && b.expiresAt <= now)
      for (const b of expiring) b.status = 'EXPIRED'
      return expiring.length
    },
    async recordDeclined(_db, row, perDay) {
      const day = declined.filter((d) => d.playerId === row.playerId && d.createdAt.getTime() > row.createdAt.getTime() - 86_400_000)
      if (day.length >= perDay) return false
      declined.push({ id: declined.length + 1, ...row })
      return true
    },
    async pruneDeclined(_db, before) {
      const kept = declined.filter((d) => d.createdAt >= before)
      const pruned = declined.length - kept.length
      declined.splice(0, declined.length, ...kept)
      return pruned
    },
    async insertBill(_db, bill) {
      if (bills.some((b) => b.playerId === bill.playerId && b.status === 'LIVE')) throw uniqueViolation('draft_bills_one_live_key')
      const row: DraftBillRow = { status: 'LIVE', promotionId: null, depositId: null, createdAt: new Date(), ...bill }
      bills.push(row)
      return row
    },
    async cancelLiveBill(_db, playerId) {
      const live = bills.filter((b) => b.playerId === playerId && b.status === 'LIVE')
      for (const b of live) b.status = 'CANCELLED'
      return live.length > 0
    },
    async latestBill(_db, playerId) {
      const bill = bills.filter((b) => b.playerId === playerId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]
      const account = bill && accounts.find((a) => a.id === bill.operatorAccountId)
      return bill && account ? { bill, account } : undefined
    },
    completableBill: async (_db, playerId, expiredAfter) =>
      bills
        .filter((b) => b.playerId === playerId && (b.status === 'LIVE' || b.status === 'EXPIRED') && b.expiresAt > expiredAfter)
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0],
    async completeBill(_db, billId, depositId) {
      Object.assign(
        bills.find((b) => b.id === billId)!,
        { status: 'COMPLETED', depositId },
      )
    },
    findByExternalId: async (_db, externalId) => deposits.find((d) => d.externalId === externalId),
    findById: async (_db, id) => deposits.find((d) => d.id === id),
    findBySenderRef: async (_db, senderRef) => deposits.find((d) => d.senderRef === senderRef),
    payInAccountsAt: async (_db, at) => accounts.filter((a) => a.status === 'APPROVED' && (a.active || (a.retiredAt !== null && a.retiredAt > at))),
    async insert(_db, row) {
      if (deposits.some((d) => d.externalId === row.externalId || (row.senderRef && d.senderRef === row.senderRef))) return undefined
      return insertInto<DepositRow>(
        deposits,
        { note: null, fromName: null, playerId: null, draftBillId: null, creditedAt: null, feedAt: null, notificationAt: null, senderRef: null },
        row,
      )
    },
    async markCredited(_db, id, fields) {
      Object.assign(
        deposits.find((d) => d.id === id)!,
        fields,
      )
    },
    async attachFeed(_db, id, feed) {
      Object.assign(
        deposits.find((d) => d.id === id)!,
        feed,
      )
    },
    // Reports take turns in the database; the fake runs one at a time.
    lockSameTransfer: async () => undefined,
    sameTransferCandidates: async (_db, q) =>
      deposits
        .filter(
          (d) =>
            d.amount === q.amount &&
            d.occurredAt >= q.from &&
            d.occurredAt <= q.to &&
            d.toAccount.replace(/\D/g, '') === q.toAccountDigits &&
            d.status !== 'REJECTED' &&
            (q.reportedBy === 'notification'
              ? d.notificationAt === null && d.source !== 'NOTIFICATION' && (d.feedAt !== null || d.source === 'SLIP')
              : q.reportedBy === 'feed'
                ? d.feedAt === null && (d.source === 'NOTIFICATION' || d.source === 'SLIP')
                : d.senderRef === null && (d.source === 'NOTIFICATION' || d.source === 'BANK_FEED')) &&
            (!q.senderRef || d.senderRef === null || d.senderRef === q.senderRef),
        )
        .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || a.id - b.id),
    statusesOf: async (_db, ids) => deposits.filter((d) => ids.includes(d.id)),
    async attachNotification(_db, id, at) {
      const row = deposits.find((d) => d.id === id && d.notificationAt === null)
      if (row) row.notificationAt = at
      return row !== undefined
    },
    async attachSenderRef(_db, id, senderRef) {
      const row = deposits.find((d) => d.id === id && d.senderRef === null)
      if (row) row.senderRef = senderRef
      return row !== undefined
    },
    async attachFeedToNotified(_db, id, feed) {
      const row = deposits.find((d) => d.id === id && d.feedAt === null)
      if (row) Object.assign(row, feed)
      return row !== undefined
    },
    async releaseClaim(_db, id, externalId) {
      const claim = deposits.find((d) => d.id === id && d.status === 'CLAIMED')
      if (claim) Object.assign(claim, { status: 'REJECTED', externalId })
    },
    async insertException(_db, row) {
      if (exceptions.some((e) => e.requestHash === row.requestHash)) return undefined
      return insertInto<DepositExceptionRow>(
        exceptions,
        { fromName: null, resolvedBy: null, resolvedAt: null, resolutionNote: null, creditedDepositId: null, limitDetail: null },
        row,
      )
    },
    exceptionByHash: async (_db, hash) => exceptions.find((e) => e.requestHash === hash),
    hasOpenException: async (_db, depositId) => exceptions.some((e) => e.depositId === depositId && e.status === 'OPEN'),
    async resolveException(_db, id, change) {
      const found = exceptions.find((e) => e.id === id && e.status === 'OPEN')
      if (found) Object.assign(found, change)
      return found
    },
    lastCredited: async (_db, playerId) => creditedNewestFirst(playerId)[0],
    creditedAfter: async (_db, playerId, after, notBefore) =>
      creditedNewestFirst(playerId).find(
        (d) =>
          d.creditedAt! >= notBefore &&
          (!after || d.creditedAt!.getTime() > after.creditedAt.getTime() || (d.creditedAt!.getTime() === after.creditedAt.getTime() && d.id > after.id)),
      ),
  }
  return {
    repository,
    bills,
    deposits,
    declined,
    addOperatorAccount(overrides: Partial<OperatorAccountRow> = {}): OperatorAccountRow {
      return insertInto<OperatorAccountRow>(
        accounts,
        {
          bankCode: 'KBANK',
          accountNumber: '9990001111',
          accountName: 'บริษัท สนาม จำกัด',
          promptpayType: null,
          promptpayId: null,
          active: true,
          sort: 0,
          createdAt: new Date('2026-01-01T00:00:00Z'),
          status: 'APPROVED',
          proposedBy: null,
          decidedBy: null,
          decidedAt: null,
          replacesId: null,
          retiredAt: null,
          lastUsedAt: null,
        },
        overrides,
      )
    },
  }
}
