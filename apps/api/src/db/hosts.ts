// Which of several PostgreSQL servers a connection goes to (ADR 054). node-postgres 8 connects to one host and knows
// nothing of `target_session_attrs`, so a URL that lists several (libpq's syntax, what `pg_autoctl show uri` prints:
// `postgres://user@db1:5432,db2:5432/sanam?target_session_attrs=read-write`) is read here, and every connection the
// pool opens is routed to a server that matches and checked once it is open.
import type pg from 'pg'

/** libpq's values of `target_session_attrs` (PostgreSQL 14+): which server a connection may use. */
export const TARGET_SESSION_ATTRS = ['any', 'read-write', 'read-only', 'primary', 'standby', 'prefer-standby'] as const
export type TargetSessionAttrs = (typeof TARGET_SESSION_ATTRS)[number]

export interface HostPort {
  host: string
  port: number
}

export interface DatabaseAddress {
  /** Every server, in the URL's order. */
  hosts: HostPort[]
  target: TargetSessionAttrs
  /** The URL with the first host alone and without target_session_attrs: node-postgres reads the rest from it. */
  url: string
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)(?:([^@/?#]*)@)?([^/?#]*)(.*)$/s

/** `host`, `host:port`, `[v6]` or `[v6]:port`. */
function hostPort(entry: string): HostPort {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry)
  const port = Number(match?.[2] ?? 5432)
  if (!match || port < 1 || port > 65535) throw new Error(`not a host or host:port: ${JSON.stringify(entry)}`)
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port }
}

/**
 * Reads a PostgreSQL URL with one or more hosts. `fallback` is the target when the URL names none. Throws, saying
 * what is wrong, on anything node-postgres or libpq would not take.
 */
export function parseDatabaseUrl(url: string, fallback: TargetSessionAttrs): DatabaseAddress {
  const parts = URL_PARTS.exec(url)
  if (!parts) throw new Error('must start with postgres://')
  const [, scheme, userinfo, hostList = '', rest = ''] = parts
  const entries = hostList.split(',')
  if (entries.some((entry) => entry === '') && entries.length > 1) throw new Error('a host in the list is empty')
  const hosts = hostList === '' ? [] : entries.map(hostPort)
  const first = hostList === '' ? '' : entries[0]!
  let single: URL
  try {
    single = new URL(`${scheme}${userinfo === undefined ? '' : `${userinfo}@`}${first}${rest}`)
  } catch {
    throw new Error('is not a valid URL')
  }
  const given = single.searchParams.get('target_session_attrs')
  if (given !== null && !(TARGET_SESSION_ATTRS as readonly string[]).includes(given))
    throw new Error(`target_session_attrs must be one of ${TARGET_SESSION_ATTRS.join(', ')}`)
  single.searchParams.delete('target_session_attrs')
  return { hosts, target: (given as TargetSessionAttrs | null) ?? fallback, url: single.toString() }
}

/** What a server says of itself on a new connection. */
export interface ServerState {
  inRecovery: boolean
  /** `transaction_read_only` as a new transaction starts: a standby, or a primary held read-only (default_transaction_read_only). */
  readOnly: boolean
}

/** libpq's rules: whether a connection to a server in `state` may be used for `target` (prefer-standby takes any). */
export function accepts(target: TargetSessionAttrs, state: ServerState): boolean {
  switch (target) {
    case 'read-write':
      return !state.readOnly
    case 'read-only':
      return state.readOnly
    case 'primary':
      return !state.inRecovery
    case 'standby':
      return state.inRecovery
    default:
      return true
  }
}

const STATE_QUERY = "select pg_is_in_recovery() as in_recovery, current_setting('transaction_read_only') = 'on' as read_only"

/** The server state on an open connection. */
export async function serverState(client: Pick<pg.Client, 'query'>): Promise<ServerState> {
  const { rows } = await client.query<{ in_recovery: boolean; read_only: boolean }>(STATE_QUERY)
  return { inRecovery: rows[0]!.in_recovery, readOnly: rows[0]!.read_only }
}

/** Refused with a connection-exception SQLSTATE, so a request that meets it is answered 503 (db/errors.ts). */
export class NoServerError extends Error {
  readonly code = '08001'
  constructor(message: string) {
    super(message)
    this.name = 'NoServerError'
  }
}

/** `host:port`, `[v6]:port`: a server as messages name it. */
export const label = (h: HostPort) => (h.host.includes(':') ? `[${h.host}]:${h.port}` : `${h.host}:${h.port}`)

/**
 * The server new connections go to: the one that matched last, else whichever first answers a probe of all of them at
 * once and matches (for prefer-standby, the first standby to answer, else the first server in the list that answered).
 * A probe runs only when no server is remembered, and concurrent callers share it; it does not wait for a server that
 * did not answer the last time once the others have answered. `forget` after a connection to the remembered server
 * failed or no longer matched: the next `pick` probes again.
 */
export function createRoute(deps: { hosts: HostPort[]; target: TargetSessionAttrs; probe: (host: HostPort) => Promise<ServerState> }) {
  const { hosts, target } = deps
  let current: HostPort | undefined = hosts.length === 1 ? hosts[0] : undefined
  let probing: Promise<HostPort> | undefined
  // The last server a probe chose, kept after `forget`: a probe choosing another one is a switch (a failover, ADR 087).
  let last: HostPort | undefined = current
  const switched = new Set<(from: HostPort, to: HostPort) => void>()
  const checking = new Map<string, Promise<boolean>>()
  // Servers whose last probe or check failed (no answer in time, refused). A probe still asks them, but once every
  // other server has answered it does not wait for them: a frozen server would otherwise hold every probe for its whole
  // timeout while the others answer read-only (a failover under way), and the new primary would be found that late.
  const silent = new Set<HostPort>()

  function probeAll(): Promise<HostPort> {
    return new Promise((resolve, reject) => {
      const outcomes: (ServerState | Error | undefined)[] = hosts.map(() => undefined)
      let settled = false
      const finish = () => {
        if (settled || hosts.some((h, i) => outcomes[i] === undefined && !silent.has(h))) return
        settled = true
        if (target === 'prefer-standby') {
          const answered = hosts.findIndex((_, i) => !(outcomes[i] instanceof Error))
          if (answered >= 0) return resolve(hosts[answered]!)
        }
        const why = hosts.map((h, i) => {
          const outcome = outcomes[i]
          if (outcome instanceof Error) return `${label(h)}: ${outcome.message}`
          if (outcome === undefined) return `${label(h)}: no answer last time, not waited for`
          return `${label(h)}: ${outcome?.inRecovery ? 'a standby' : 'a primary'}${outcome?.readOnly ? ', read-only' : ''}`
        })
        reject(new NoServerError(`no server matches target_session_attrs=${target} (${why.join('; ')})`))
      }
      hosts.forEach((host, i) => {
        deps.probe(host).then(
          (state) => {
            outcomes[i] = state
            silent.delete(host)
            const wanted = target === 'prefer-standby' ? state.inRecovery : accepts(target, state)
            if (!settled && wanted) {
              settled = true
              resolve(host)
            }
            finish()
          },
          (error: unknown) => {
            outcomes[i] = error instanceof Error ? error : new Error(String(error))
            silent.add(host)
            finish()
          },
        )
      })
    })
  }

  return {
    hosts,
    target,
    /** The server to connect to now. */
    async pick(): Promise<HostPort> {
      if (current) return current
      probing ??= probeAll().finally(() => (probing = undefined))
      const found = await probing
      current = found
      const before = last
      last = found
      if (before && before !== found) for (const listener of switched) listener(before, found)
      return found
    },
    /** Calls `listener` each time a probe chooses another server than the one chosen before (the primary moved). */
    onSwitch(listener: (from: HostPort, to: HostPort) => void): () => void {
      switched.add(listener)
      return () => switched.delete(listener)
    },
    /** A connection to `host` failed, or the server no longer matches: the next pick looks again. */
    forget(host: HostPort) {
      if (hosts.length > 1 && current === host) current = undefined
    },
    /**
     * Whether `host` still answers a new connection (within the probe's timeout) and still matches the target: asked
     * when a statement on it goes unanswered for a while (RoutedClientOptions.stallCheckMs). Concurrent callers share one
     * probe per server.
     */
    alive(host: HostPort): Promise<boolean> {
      const key = label(host)
      let check = checking.get(key)
      if (!check) {
        check = deps
          .probe(host)
          .then(
            (state) => {
              silent.delete(host)
              return target === 'prefer-standby' || accepts(target, state)
            },
            () => {
              silent.add(host)
              return false
            },
          )
          .finally(() => checking.delete(key))
        checking.set(key, check)
      }
      return check
    },
    label,
  }
}
export type Route = ReturnType<typeof createRoute>

/**
 * PostgreSQL's warning when a commit's wait for the synchronous standby is cancelled (a cancel request, e.g.
 * pg_cancel_backend): the transaction is committed on the primary, and the COMMIT answers as if all were well.
 */
const SYNC_WAIT_CANCELLED = 'canceling wait for synchronous replication'

/**
 * A statement answered, but its commit was never confirmed by the synchronous standby (SYNC_WAIT_CANCELLED): SQLSTATE
 * 08007, "transaction resolution unknown", so the request is answered 503, never acknowledged, and the client's retry
 * with its idempotency key finds out what happened.
 */
export class UnconfirmedCommitError extends Error {
  readonly code = '08007'
  constructor() {
    super('the commit was not confirmed by a synchronous standby (its wait was cancelled): outcome unknown')
    this.name = 'UnconfirmedCommitError'
  }
}

/** SQLSTATE 25006: a write in a read-only transaction, which is what a standby or a primary held read-only answers. */
const READ_ONLY_SQL_TRANSACTION = '25006'

export interface RoutedClientOptions {
  /**
   * How long a statement may go unanswered before its connection is closed, in ms. PostgreSQL cancels a statement
   * itself at statement_timeout, so a statement unanswered well past it means a server or network that is gone (a
   * machine that died sends no reset: without this the request would wait for TCP to give up, minutes). Unset: none.
   */
  queryDeadlineMs?: number | undefined
  /**
   * How long a statement may go unanswered before its server is checked, in ms (unset: never). A server that does not
   * answer a new connection within the probe's timeout, or no longer matches the target, is taken for gone (a machine
   * that died or froze, a primary demoted under us): every connection this class holds to it is closed at once, so the
   * requests waiting on them are answered 503 and the pool opens new ones on the server that now matches (issue 40 §3).
   * A statement that is only slow (a lock wait, a long report) finds its server answering, and goes on.
   */
  stallCheckMs?: number | undefined
}

/** The connection class the pool and the notification listener use: node-postgres' Client, routed by `route`. */
export type RoutedClient = pg.Client & {
  /** True once the server refused a write as read-only: the pool drops the connection when it is released. */
  retiring: boolean
}

/**
 * node-postgres' Client, connecting to the server `route` picks and refusing it (08001, so a 503) unless it matches the
 * route's target; a connection that meets a read-only refusal later is retired and its server forgotten, and a commit
 * whose synchronous-standby wait was cancelled fails (UnconfirmedCommitError) instead of answering.
 */
export function routedClientClass(pgModule: typeof pg, route: Route, options: RoutedClientOptions = {}): new (config?: pg.ClientConfig) => RoutedClient {
  const Base = pgModule.Client
  const baseConnect = Base.prototype.connect as (this: pg.Client) => Promise<unknown>
  const baseQuery = Base.prototype.query as (this: pg.Client, ...args: unknown[]) => Promise<unknown> | undefined
  /** Every open connection of this class, to close those on a server that is gone (stallCheckMs). */
  const open = new Set<Routed>()

  /** A statement on `server` is slow: when the server no longer answers, every connection to it is closed. */
  function suspect(server: HostPort) {
    void route.alive(server).then((alive) => {
      if (alive) return
      route.forget(server)
      for (const client of open) if (client.server === server) client.sever(`${route.label(server)} did not answer a new connection in time`)
    })
  }

  class Routed extends Base {
    retiring = false
    #server: HostPort | undefined
    #unconfirmed = false

    constructor(config?: pg.ClientConfig) {
      super(config)
      // The check after the connection opens is a statement of its own: a server that terminates the connection then
      // emits 'error' before anyone (the pool, the listener) listens, which would kill the process. The failure
      // reaches the caller through the statement instead.
      this.on('error', () => undefined)
      this.on('end', () => open.delete(this))
      this.on('notice', (notice: { message?: string }) => {
        if (notice.message?.startsWith(SYNC_WAIT_CANCELLED)) this.#unconfirmed = true
      })
    }

    get server(): HostPort | undefined {
      return this.#server
    }

    /** Closes the connection as a connection failure (08006): a request using it is answered 503 (db/errors.ts). */
    sever(why: string) {
      const connection = (this as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }).connection
      connection?.stream?.destroy(Object.assign(new Error(`${why}: connection closed`), { code: '08006' }))
    }

    async connectRouted(): Promise<void> {
      // A URL without a host (a Unix socket given as ?host=) is node-postgres' to read: one server, still checked.
      const server = route.hosts.length > 0 ? await route.pick() : undefined
      this.#server = server
      if (server) {
        this.host = server.host
        this.port = server.port
      }
      try {
        await baseConnect.call(this)
      } catch (error) {
        if (server) route.forget(server)
        throw error
      }
      open.add(this)
      if (route.target === 'any') return
      try {
        const state = await serverState(this)
        if (!accepts(route.target, state))
          throw new NoServerError(
            `${server ? route.label(server) : 'the server'} is ${state.inRecovery ? 'a standby' : 'a primary'}${state.readOnly ? ' and read-only' : ''}: not target_session_attrs=${route.target}`,
          )
      } catch (error) {
        if (server) route.forget(server)
        await this.end().catch(() => undefined)
        throw error
      }
    }

    /** After every statement: a read-only refusal retires the connection; a cancelled standby wait fails the statement. */
    afterStatement(error: unknown): unknown {
      if ((error as { code?: unknown } | undefined)?.code === READ_ONLY_SQL_TRANSACTION) {
        this.retiring = true
        if (this.#server) route.forget(this.#server)
      }
      if (this.#unconfirmed) {
        this.#unconfirmed = false
        return error ?? new UnconfirmedCommitError()
      }
      return error
    }

    /**
     * While a statement runs: its server checked once it is unanswered for stallCheckMs, and the connection closed when
     * it is unanswered for queryDeadlineMs. Answers what clears both.
     */
    deadline(): () => void {
      const timers: NodeJS.Timeout[] = []
      const server = this.#server
      // Of one server there is nothing to move to: a check that failed under load would only close every connection.
      if (options.stallCheckMs && server && route.hosts.length > 1) timers.push(setTimeout(() => suspect(server), options.stallCheckMs))
      const deadlineMs = options.queryDeadlineMs
      if (deadlineMs) timers.push(setTimeout(() => this.sever(`no answer from the database in ${deadlineMs} ms`), deadlineMs))
      for (const timer of timers) timer.unref()
      return () => timers.forEach(clearTimeout)
    }
  }

  // connect and query keep node-postgres' overloads (a callback or a promise), so they are replaced on the prototype.
  Object.assign(Routed.prototype, {
    connect(this: Routed, callback?: (error: Error | null) => void) {
      const done = this.connectRouted()
      if (!callback) return done.then(() => this)
      done.then(
        () => callback(null),
        (error: Error) => callback(error),
      )
      return undefined
    },
    query(this: Routed, ...args: unknown[]) {
      // Streams and cursors (submittables) run as they are; nothing here uses them.
      if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function') return baseQuery.apply(this, args)
      const callback = typeof args.at(-1) === 'function' ? (args.pop() as (error: unknown, result?: unknown) => void) : undefined
      const clear = this.deadline()
      const done = (baseQuery.apply(this, args) as Promise<unknown>).then(
        (result) => {
          clear()
          const error = this.afterStatement(undefined)
          if (error) throw error
          return result
        },
        (error: unknown) => {
          clear()
          throw this.afterStatement(error)
        },
      )
      if (!callback) return done
      done.then(
        (result) => callback(null, result),
        (error: unknown) => callback(error),
      )
      return undefined
    },
  })
  return Routed as unknown as new (config?: pg.ClientConfig) => RoutedClient
}
