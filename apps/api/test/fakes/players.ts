import type { PlayerRow, PlayersRepository } from '../../src/modules/users/users.repository.ts'

/** Players in memory: `add` makes one (stating only what a test is about), the repository reads them. */
export function fakePlayers() {
  const rows: PlayerRow[] = []
  const repository: Pick<PlayersRepository, 'findById' | 'findByMobile'> = {
    findById: async (_db, id) => rows.find((p) => p.id === id),
    findByMobile: async (_db, mobile) => rows.find((p) => p.mobile === mobile),
  }
  return {
    repository,
    rows,
    add(overrides: Partial<PlayerRow> = {}): PlayerRow {
      const id = overrides.id ?? rows.length + 1
      const row: PlayerRow = {
        id,
        mobile: `08${String(10_000_000 + id).slice(-8)}`,
        passwordHash: 'not-a-hash',
        firstname: 'สมชาย',
        surname: 'ใจดี',
        bankCode: 'KBANK',
        bankAccount: String(1_000_000_000 + id),
        inviteCode: `CODE${id}`,
        uplineId: null,
        status: 'ACTIVE',
        lockedBy: null,
        lockedByRole: null,
        passwordResetAt: null,
        termsAcceptedAt: new Date('2026-01-01T00:00:00Z'),
        createdAt: new Date('2026-01-01T00:00:00Z'),
        updatedAt: new Date('2026-01-01T00:00:00Z'),
        nameKey: 'สมชาย ใจดี',
        ...overrides,
      }
      rows.push(row)
      return row
    },
  }
}
