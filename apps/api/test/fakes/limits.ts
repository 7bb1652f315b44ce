import type { LimitsRepository, PlayerLimitRow } from '../../src/modules/limits/limits.repository.ts'

/**
 * The player limits in memory, with what they count: credited deposits (`deposit`) and answered bets and wins
 * (`play`), each at a time the test gives; web sessions by id (`startSession`).
 */
export function fakeLimitsRepository() {
  const rows = new Map<string, PlayerLimitRow>()
  const deposits: Array<{ playerId: number; amount: bigint; at: Date }> = []
  const plays: Array<{ playerId: number; op: 'bet' | 'win'; amount: bigint; at: Date }> = []
  const sessions = new Map<number, { startedAt: Date; acknowledgedAt: Date | null }>()
  const key = (playerId: number, kind: string) => `${playerId}:${kind}`
  const repository: LimitsRepository = {
    lockPlayer: async () => {},
    forPlayer: async (_db, playerId) => [...rows.values()].filter((r) => r.playerId === playerId),
    forPlayers: async (_db, playerIds, kinds) => [...rows.values()].filter((r) => playerIds.includes(r.playerId) && kinds.includes(r.kind)),
    async apply(_db, playerId, kind, value, now) {
      rows.set(key(playerId, kind), {
        playerId,
        kind,
        value,
        updatedAt: now,
        pendingValue: null,
        pendingRequestedAt: null,
        pendingConfirmableAt: null,
        pendingLapsesAt: null,
      })
    },
    async remove(_db, playerId, kind) {
      rows.delete(key(playerId, kind))
    },
    async setPending(_db, playerId, kind, pending) {
      const row = rows.get(key(playerId, kind))
      if (!row) return
      Object.assign(row, {
        pendingValue: pending?.value ?? null,
        pendingRequestedAt: pending?.requestedAt ?? null,
        pendingConfirmableAt: pending?.confirmableAt ?? null,
        pendingLapsesAt: pending?.lapsesAt ?? null,
      })
    },
    async depositedSince(_db, playerId, since) {
      const sum = (from: Date) => deposits.filter((d) => d.playerId === playerId && d.at >= from).reduce((total, d) => total + d.amount, 0n)
      return { day: sum(since.day), week: sum(since.week), month: sum(since.month) }
    },
    async netLossSince(_db, playerIds, since) {
      const out = new Map<number, bigint>()
      for (const p of plays) {
        if (!playerIds.includes(p.playerId) || p.at < since) continue
        out.set(p.playerId, (out.get(p.playerId) ?? 0n) + (p.op === 'bet' ? p.amount : -p.amount))
      }
      return out
    },
    session: async (_db, sessionId) => sessions.get(sessionId),
    async acknowledge(_db, sessionId, at) {
      const session = sessions.get(sessionId)
      if (session) session.acknowledgedAt = at
    },
  }
  return {
    repository,
    deposit: (playerId: number, amount: bigint, at: Date) => deposits.push({ playerId, amount, at }),
    play: (playerId: number, op: 'bet' | 'win', amount: bigint, at: Date) => plays.push({ playerId, op, amount, at }),
    startSession: (sessionId: number, startedAt: Date) => sessions.set(sessionId, { startedAt, acknowledgedAt: null }),
  }
}
