import type { ExclusionRow, ExclusionsRepository, NewAccountProbe } from '../../src/modules/exclusions/exclusions.repository.ts'

/**
 * Time-outs and self-exclusions in memory, for the service test tier: rows are only ever added (the table's trigger
 * refuses anything else), and the reads answer what the repository's statements answer.
 */
export function fakeExclusionsRepository() {
  const rows: ExclusionRow[] = []
  /**
   * The same-person rule needs players, signals and deposits this fake does not hold: a test that is about it says
   * whom a new account or a member matches; by default nobody.
   */
  const samePerson: {
    newAccount: (probe: NewAccountProbe) => number | undefined
    member: (playerId: number) => number | undefined
  } = { newAccount: () => undefined, member: () => undefined }
  const inForce = (row: ExclusionRow, at: Date) => row.startsAt.getTime() <= at.getTime() && (row.endsAt === null || row.endsAt.getTime() > at.getTime())
  const repository: ExclusionsRepository = {
    async insert(_db, row) {
      const inserted: ExclusionRow = { id: rows.length + 1, endsAt: null, createdAt: row.startsAt, ...row } as ExclusionRow
      rows.push(inserted)
      return inserted
    },
    async activeMany(_db, playerIds, now) {
      const out = new Map<number, ExclusionRow>()
      for (const row of rows) {
        if (!playerIds.includes(row.playerId) || !inForce(row, now)) continue
        const best = out.get(row.playerId)
        const later = !best || (best.endsAt !== null && (row.endsAt === null || row.endsAt.getTime() > best.endsAt.getTime()))
        if (later) out.set(row.playerId, row)
      }
      return out
    },
    async excludedMatchingNewAccount(_db, probe) {
      return samePerson.newAccount(probe)
    },
    async excludedMatchingMember(_db, playerId) {
      return samePerson.member(playerId)
    },
    async inForceDuring(_db, playerIds, start, end) {
      return new Set(
        rows
          .filter((r) => playerIds.includes(r.playerId) && r.startsAt.getTime() < end.getTime() && (r.endsAt === null || r.endsAt.getTime() > start.getTime()))
          .map((r) => r.playerId),
      )
    },
  }
  return { repository, rows, samePerson }
}
