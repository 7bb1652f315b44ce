// The live balance (issue 21 §4, ADR 049): every open `GET /api/wallet/stream` of this process, the balance pushed on
// connect and whenever the ledger changes the player's accounts, in this process or any other.
import { WalletSummary } from '@sanam/contract'
import { AppError } from '../../errors.ts'
import type { Actor } from '../../lib/actor.ts'
import type { NotificationChannel } from '../../lib/notification-listener.ts'
import type { SessionRevocation } from '../../lib/session-cache.ts'
import type { EventSink } from '../../lib/sse.ts'

/**
 * The PostgreSQL channel (and the embedded database's) on which a committed money movement names its players: the
 * ledger sends one NOTIFY per player whose accounts changed, in the statement that moves the money (ADR 049, 061), the
 * player's id its only payload. PostgreSQL (and PGlite) deliver them when the transaction commits, never when it rolls
 * back, and fold a repeat of the same player within one transaction into one.
 */
export const BALANCE_CHANGED_CHANNEL = 'sanam_balance_changed'

/** How often an open stream gets a comment line and its session is checked: under the 30-60 s proxies allow idle. */
export const STREAM_HEARTBEAT_MS = 15_000

/** A notification's payload as a player id; null when it is not one of ours. */
export function parsePlayerId(payload: string | undefined): number | null {
  if (!payload || !/^\d{1,15}$/.test(payload)) return null
  const id = Number(payload)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

interface Stream {
  actor: Actor
  token: string
  sink: EventSink
  /** Opened since the player's last read: owed its first balance. */
  fresh: boolean
}

type StreamLog = { warn(details: object, message: string): void }

/**
 * The open streams of this process by player. A change is read once per player however many streams (tabs) the
 * player has open, one read at a time per player (a change during a read asks for one more read after it), so the
 * last balance sent is always the latest. A stream ends when its session ends (a revocation heard here or from
 * another process, checked against the database), when a heartbeat finds its session expired or idle, when a read of
 * the balance fails (the client reconnects and reads afresh), and when the process closes. On PostgreSQL, while the
 * notification listener is down, changes made by other processes would go unheard: every stream is ended and new ones
 * are refused (503) until it is back, and the player app polls meanwhile.
 */
export function createBalanceStreams(deps: {
  /** The balance read, the very one `GET /wallet/v2/balance` answers. */
  summary: (playerId: number) => Promise<WalletSummary>
  /** Whether the token still names a live session, without marking it used. */
  stillLive: (token: string) => Promise<boolean>
  /** False on PostgreSQL until the notification listener is connected. */
  online: boolean
  /** The most streams one player may hold open here (STREAMS_PER_PLAYER); one more is refused. */
  perPlayer: number
  heartbeatMs?: number
  log: StreamLog
}) {
  const heartbeatMs = deps.heartbeatMs ?? STREAM_HEARTBEAT_MS
  const byPlayer = new Map<number, Set<Stream>>()
  /**
   * Players whose balance is being read, and what is owed after the read in hand: nothing more ('reading'), a read for
   * streams opened meanwhile ('fresh'), or a read for all of them, since the money changed meanwhile ('all').
   */
  const reading = new Map<number, 'reading' | 'fresh' | 'all'>()
  let online = deps.online
  let closed = false

  function endPlayer(playerId: number) {
    for (const stream of [...(byPlayer.get(playerId) ?? [])]) stream.sink.end()
  }

  /** Sends the player's balance to all their streams (`all`: the money changed) or only to those opened since. */
  async function push(playerId: number, to: 'fresh' | 'all'): Promise<void> {
    const owed = reading.get(playerId)
    if (owed !== undefined) {
      if (owed !== 'all') reading.set(playerId, to)
      return
    }
    let target: 'fresh' | 'all' = to
    try {
      for (;;) {
        reading.set(playerId, 'reading')
        if (!byPlayer.get(playerId)?.size) break
        // Through the contract's schema: only the balance read's fields, in baht from the money codec.
        const data = JSON.stringify(WalletSummary.parse(await deps.summary(playerId)))
        for (const stream of byPlayer.get(playerId) ?? []) {
          if (target === 'fresh' && !stream.fresh) continue
          stream.fresh = false
          stream.sink.event('balance', data)
        }
        const next = reading.get(playerId)
        if (next !== 'fresh' && next !== 'all') break
        target = next
      }
    } catch (error) {
      deps.log.warn({ err: error, playerId }, 'live balance: reading the balance failed; the player streams end and reconnect')
      endPlayer(playerId)
    } finally {
      reading.delete(playerId)
    }
  }

  async function check(stream: Stream): Promise<void> {
    try {
      if (!(await deps.stillLive(stream.token))) {
        // Said before closing, so the app does not reconnect only to be refused: its next call meets the 401.
        stream.sink.event('end', JSON.stringify({ reason: 'session' }))
        stream.sink.end()
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'live balance: checking a session failed; its stream ends')
      stream.sink.end()
    }
  }

  const streams = {
    get count() {
      let n = 0
      for (const set of byPlayer.values()) n += set.size
      return n
    },

    /**
     * Refuses (503 DEPENDENCY_DOWN) while changes could go unheard or the process is closing, and (429 RATE_LIMITED)
     * a stream past the player's `perPlayer` (the app polls meanwhile and tries again later); otherwise opens the
     * stream (`open()` is called only then: after it, the answer is the stream) and sends the balance at once.
     */
    open(actor: Actor, token: string, open: () => EventSink): void {
      if (!online || closed) throw new AppError('DEPENDENCY_DOWN')
      let set = byPlayer.get(actor.playerId)
      if ((set?.size ?? 0) >= deps.perPlayer) throw new AppError('RATE_LIMITED')
      const stream: Stream = { actor, token, sink: open(), fresh: true }
      if (!set) byPlayer.set(actor.playerId, (set = new Set()))
      set.add(stream)
      const heartbeat = setInterval(() => {
        stream.sink.comment()
        void check(stream)
      }, heartbeatMs)
      heartbeat.unref()
      stream.sink.onClose(() => {
        clearInterval(heartbeat)
        const mine = byPlayer.get(actor.playerId)
        mine?.delete(stream)
        if (mine?.size === 0) byPlayer.delete(actor.playerId)
      })
      void push(actor.playerId, 'fresh')
    },

    /** A committed change to the player's money (heard through NOTIFY): their streams get the new balance. */
    changed(playerId: number): void {
      if (byPlayer.has(playerId)) void push(playerId, 'all')
    },

    /** A session (or every session of a player) ended here or in another process: its streams end if it is gone. */
    revoked(revocation: SessionRevocation): void {
      for (const stream of byPlayer.get(revocation.playerId) ?? []) {
        if (revocation.sessionId === undefined || revocation.sessionId === stream.actor.sessionId) void check(stream)
      }
    },

    /** The notification listener's channel (PostgreSQL): changes other processes (and this one) committed. */
    channel: {
      channel: BALANCE_CHANGED_CHANNEL,
      apply(payload) {
        const playerId = parsePlayerId(payload)
        if (playerId === null) return undefined
        streams.changed(playerId)
        return playerId
      },
      setOnline(value) {
        online = value
        // What other processes changed while the listener was down is lost: the clients reconnect and read afresh.
        if (!value) for (const playerId of [...byPlayer.keys()]) endPlayer(playerId)
      },
    } satisfies NotificationChannel<number>,

    /** Ends every stream and refuses new ones: the process is closing. */
    close(): void {
      closed = true
      for (const playerId of [...byPlayer.keys()]) endPlayer(playerId)
    },
  }
  return streams
}
export type BalanceStreams = ReturnType<typeof createBalanceStreams>
