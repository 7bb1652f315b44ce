import { OPEN_WITHDRAWAL_STATUSES, type WithdrawalRow, type WithdrawalsRepository } from '../../src/modules/withdrawals/withdrawals.repository.ts'
import type { WithdrawalServiceDeps } from '../../src/modules/withdrawals/withdrawals.service.ts'
import { insertInto } from './db.ts'

type IdempotencyRow = NonNullable<Awaited<ReturnType<WithdrawalsRepository['findIdempotent']>>>

/** The withdrawal rows and saved idempotent answers in memory, with the repository's conditional updates. */
export function fakeWithdrawalsRepository(mobileOf: (playerId: number) => string = () => '') {
  const rows: WithdrawalRow[] = []
  const answers: IdempotencyRow[] = []
  const repository: WithdrawalServiceDeps['withdrawalsRepository'] = {
    hasPending: async (_db, playerId) => rows.some((w) => w.playerId === playerId && OPEN_WITHDRAWAL_STATUSES.includes(w.status)),
    async insert(_db, row) {
      return insertInto<WithdrawalRow>(
        rows,
        { status: 'PENDING', payoutRef: null, reason: null, decidedBy: null, decidedAt: null, autoRefusals: null, createdAt: new Date() },
        row,
      )
    },
    findForUpdate: async (_db, id) => rows.find((w) => w.id === id),
    async decide(_db, id, outcome, from = ['PENDING']) {
      const row = rows.find((w) => w.id === id && from.includes(w.status))
      if (row) Object.assign(row, outcome)
      return row
    },
    async move(_db, id, from, to, reason) {
      const row = rows.find((w) => w.id === id && from.includes(w.status))
      if (row) Object.assign(row, { status: to, reason })
      return row
    },
    async list(_db, status, page, size) {
      const matching = rows.filter((w) => w.status === status).reverse()
      return {
        rows: matching.slice(page * size, page * size + size).map((withdrawal) => ({ withdrawal, mobile: mobileOf(withdrawal.playerId) })),
        total: matching.length,
      }
    },
    async setAutoRefusals(_db, id, reasons) {
      const row = rows.find((w) => w.id === id)
      if (row) row.autoRefusals = reasons
    },
    mobileOf: async (_db, playerId) => mobileOf(playerId),
    findIdempotent: async (_db, playerId, scope, key) => answers.find((a) => a.playerId === playerId && a.scope === scope && a.key === key),
    async saveIdempotent(_db, row) {
      answers.push({ createdAt: new Date(), ...row })
    },
  }
  return { repository, rows, answers }
}
