/** The logged-in player a request acts for: set by the requirePlayer hook from a live session. */
export interface Actor {
  playerId: number
  sessionId: number
}
