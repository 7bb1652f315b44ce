import type { Db } from '../../db/client.ts'

/**
 * What an exclusion asks of the auth module (ADR 066): every session of the player ended, in the same transaction as
 * the exclusion. services.ts hands the auth service in; exclusions import nothing of auth, which reads exclusions.
 */
export interface AuthService {
  endAllSessions(playerId: number, alsoInTx?: (tx: Db) => Promise<void>): Promise<void>
}
