import type { OperatorRole } from '@sanam/contract'

/** The logged-in player a request acts for: set by the requirePlayer hook from a live session. */
export interface Actor {
  playerId: number
  sessionId: number
}

/**
 * The operator a back-office request acts for, set by the requireOperator hook from a live session. Defined here, below
 * the modules, so the guard (plugins/operator-auth.ts) imports no module (ADR 066); operator sign-in re-exports it.
 */
export interface OperatorActor {
  operatorId: number
  /** The client address TRUST_PROXY yields. */
  ip: string | null
  username: string
  role: OperatorRole
  sessionId: number
  tokenHash: Buffer
  /** Without TOTP yet (any role): the session may only enrol (and read itself, and sign out). */
  mustEnroll: boolean
}
