import type { Db } from '../../db/client.ts'

/**
 * Where the outbox raises and closes its alerts about a channel (no credit, a refused key): the desk's alerts, kept by
 * the notices module (ADR 087), handed in by services.ts. One open alert per kind and channel.
 */
export interface ChannelAlerts {
  raiseAlert(db: Db, alert: { kind: string; channel: string; details: string; at: Date }): Promise<{ id: number } | undefined>
  resolveAlerts(db: Db, kinds: readonly string[], channel: string, at: Date): Promise<void>
  openAlerts(db: Db): Promise<Array<{ id: number; kind: string; channel: string | null; details: string; createdAt: Date }>>
}
