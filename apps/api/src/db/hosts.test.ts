// Routing connections to the right one of several PostgreSQL servers (ADR 054): the URL, the rules of
// target_session_attrs, the choice among servers, and, on a real PostgreSQL, the connection class the pool uses.
import { randomBytes } from 'node:crypto'
import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminUrl, databaseUrl } from '../../test/postgres.ts'
import { openPostgres } from './client.ts'
import { isDatabaseUnavailable } from './errors.ts'
import { accepts, createRoute, parseDatabaseUrl, routedClientClass, type HostPort, type ServerState } from './hosts.ts'

const PRIMARY: ServerState = { inRecovery: false, readOnly: false }
const STANDBY: ServerState = { inRecovery: true, readOnly: true }
/** pg_auto_failover's promoted standby until the old primary is demoted: out of recovery, held read-only. */
const HELD: ServerState = { inRecovery: false, readOnly: true }

describe('parseDatabaseUrl', () => {
  it('reads libpq multi-host URLs as pg_autoctl show uri prints them, handing node-postgres the first host alone', () => {
    // secretlint-disable-next-line -- a made-up password: the test shows it is never printed
    const address = parseDatabaseUrl('postgres://app:s3cret@db1:5501,db2,[::1]:5503/sanam?target_session_attrs=read-write&sslmode=require', 'any')
    expect(address.hosts).toEqual([
      { host: 'db1', port: 5501 },
      { host: 'db2', port: 5432 },
      { host: '::1', port: 5503 },
    ])
    expect(address.target).toBe('read-write')
    // secretlint-disable-next-line -- a made-up password: the test shows it is never printed
    expect(address.url).toBe('postgres://app:s3cret@db1:5501/sanam?sslmode=require')
  })

  it('takes the fallback target when the URL names none, and a one-host URL as it is', () => {
    expect(parseDatabaseUrl('postgresql://postgres@127.0.0.1:5432/postgres', 'read-write')).toEqual({
      hosts: [{ host: '127.0.0.1', port: 5432 }],
      target: 'read-write',
      url: 'postgresql://postgres@127.0.0.1:5432/postgres',
    })
    // A Unix socket given as a parameter: no host in the authority, node-postgres reads it.
    expect(parseDatabaseUrl('postgres:///sanam?host=/var/run/postgresql', 'read-write').hosts).toEqual([])
  })

  it.each([
    ['postgres://db1:5432,/sanam', /empty/],
    ['postgres://db1:99999/sanam', /host:port/],
    ['postgres://db1:5432,db2:x/sanam', /host:port/],
    ['postgres://db1/sanam?target_session_attrs=master', /must be one of/],
    ['mysql://db1/sanam', /postgres:\/\//],
  ])('refuses %s', (url, message) => {
    expect(() => parseDatabaseUrl(url, 'any')).toThrow(message)
  })
})

describe('accepts (libpq target_session_attrs)', () => {
  it.each([
    ['read-write', [true, false, false]],
    ['primary', [true, false, true]],
    ['read-only', [false, true, true]],
    ['standby', [false, true, false]],
    ['any', [true, true, true]],
  ] as const)('%s: primary, standby, promoted but held read-only', (target, expected) => {
    expect([PRIMARY, STANDBY, HELD].map((state) => accepts(target, state))).toEqual(expected)
  })
})

/** A route over fake servers whose states (or failures) the test sets, counting probes. */
function fakeServers(states: Record<string, ServerState | Error>, target: Parameters<typeof createRoute>[0]['target']) {
  const hosts: HostPort[] = Object.keys(states).map((host) => ({ host, port: 5432 }))
  let probes = 0
  const route = createRoute({
    hosts,
    target,
    probe: async (server) => {
      probes++
      const state = states[server.host]!
      if (state instanceof Error) throw state
      return state
    },
  })
  return { route, hosts, states, probes: () => probes }
}

describe('createRoute', () => {
  it('does not wait again for a server that did not answer last time, once the others have answered', async () => {
    const hosts: HostPort[] = [
      { host: 'frozen', port: 5432 },
      { host: 'promoting', port: 5432 },
    ]
    let promoted = false
    const hanging: ((error: Error) => void)[] = []
    const route = createRoute({
      hosts,
      target: 'read-write',
      // The frozen server answers nothing until the test times it out; the other is held read-only, then promoted.
      probe: (server) => (server.host === 'frozen' ? new Promise((_, reject) => hanging.push(reject)) : Promise.resolve(promoted ? PRIMARY : HELD)),
    })
    // The first probe waits for the frozen server's timeout.
    const first = route.pick()
    let done = false
    void first.catch(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(done).toBe(false)
    hanging.shift()!(new Error('timeout expired'))
    await expect(first).rejects.toThrow(/frozen:5432: timeout expired; promoting:5432: a primary, read-only/)
    // The next one is refused as soon as the other server answers read-only, and finds the new primary at once.
    await expect(route.pick()).rejects.toThrow(/frozen:5432: no answer last time, not waited for/)
    promoted = true
    expect(await route.pick()).toEqual(hosts[1])
    for (const reject of hanging) reject(new Error('timeout expired'))
  })

  it('alive: a server that answers and matches is alive, one that fails or no longer matches is not; one probe at a time', async () => {
    const servers = fakeServers({ a: PRIMARY, b: HELD, c: new Error('timeout') }, 'read-write')
    const [a, b, c] = servers.hosts as [HostPort, HostPort, HostPort]
    expect(await Promise.all([servers.route.alive(a), servers.route.alive(a)])).toEqual([true, true])
    expect(servers.probes()).toBe(1)
    expect(await servers.route.alive(b)).toBe(false)
    expect(await servers.route.alive(c)).toBe(false)
  })

  it('tells its listeners when a probe chooses another server than before (a failover, ADR 087), not when it finds the same one', async () => {
    const f = fakeServers({ a: PRIMARY, b: STANDBY }, 'read-write')
    const switches: string[] = []
    f.route.onSwitch((from, to) => switches.push(`${f.route.label(from)} > ${f.route.label(to)}`))
    await f.route.pick()
    f.route.forget(f.hosts[0]!)
    await f.route.pick()
    expect(switches).toEqual([])
    f.states.a = new Error('connect ECONNREFUSED')
    f.states.b = PRIMARY
    f.route.forget(f.hosts[0]!)
    expect(await f.route.pick()).toBe(f.hosts[1])
    expect(switches).toEqual(['a:5432 > b:5432'])
  })

  it('finds the writable server, remembers it without probing again, and looks again once told it is gone', async () => {
    const f = fakeServers({ a: new Error('connect ECONNREFUSED'), b: STANDBY, c: PRIMARY }, 'read-write')
    const [first, second] = await Promise.all([f.route.pick(), f.route.pick()])
    expect(first).toBe(f.hosts[2])
    expect(second).toBe(f.hosts[2])
    // One probe of the three servers, shared by both callers.
    expect(f.probes()).toBe(3)
    await f.route.pick()
    expect(f.probes()).toBe(3)

    // The failover: c is gone, b is promoted.
    f.states.c = new Error('connect ECONNREFUSED')
    f.states.b = PRIMARY
    f.route.forget(f.hosts[2]!)
    expect(await f.route.pick()).toBe(f.hosts[1])
  })

  it('refuses with a connection-exception SQLSTATE (a 503) and says why of each server when none matches', async () => {
    const f = fakeServers({ a: new Error('connect ECONNREFUSED'), b: HELD }, 'read-write')
    const refusal = await f.route.pick().catch((error: unknown) => error)
    expect(refusal).toMatchObject({ code: '08001' })
    expect((refusal as Error).message).toBe('no server matches target_session_attrs=read-write (a:5432: connect ECONNREFUSED; b:5432: a primary, read-only)')
    expect(isDatabaseUnavailable(refusal)).toBe(true)
  })

  it('prefer-standby takes a standby when one answers, else the first server that answered', async () => {
    expect((await fakeServers({ a: PRIMARY, b: STANDBY }, 'prefer-standby').route.pick()).host).toBe('b')
    expect((await fakeServers({ a: new Error('down'), b: PRIMARY }, 'prefer-standby').route.pick()).host).toBe('b')
  })
})

/**
 * A TCP relay in front of a server that can freeze like a PostgreSQL whose processes were stopped (SIGSTOP): the
 * kernel still takes connections and bytes, nothing answers.
 */
async function freezableRelay(target: HostPort) {
  const sockets = new Set<Socket>()
  let frozen = false
  const server = createServer((client) => {
    sockets.add(client)
    client.on('error', () => undefined)
    client.on('close', () => sockets.delete(client))
    if (frozen) return client.pause()
    const upstream = connect(target.port, target.host)
    sockets.add(upstream)
    upstream.on('error', () => client.destroy())
    upstream.on('close', () => sockets.delete(upstream))
    client.on('close', () => upstream.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      frozen = true
      for (const socket of sockets) {
        socket.unpipe()
        socket.pause()
      }
    },
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

const base = process.env.TEST_DATABASE_URL
/** The driver's error inside Drizzle's "Failed query" wrapper. */
const causeOf = (error: unknown) => (error as { cause?: unknown }).cause ?? error

describe.runIf(base)('the pool on PostgreSQL, routed (ADR 054)', () => {
  const name = `sanam_hosts_${randomBytes(4).toString('hex')}`
  const url = databaseUrl(base!, name)
  const admin = () => new pg.Client({ connectionString: adminUrl(base!) })

  beforeAll(async () => {
    const client = admin()
    await client.connect()
    await client.query(`create database "${name}"`)
    await client.end()
  })
  afterAll(async () => {
    const client = admin()
    await client.connect()
    await client.query(`drop database if exists "${name}" with (force)`)
    await client.end()
  })

  /** The same server listed twice more behind a port nothing listens on: `postgres://…@127.0.0.1:1,host:port/db`. */
  function behindADeadHost(target: string): string {
    const u = new URL(url)
    return url.replace(`@${u.host}`, `@127.0.0.1:1,${u.host}`).replace(/\?.*$/, '') + `?target_session_attrs=${target}`
  }

  it('connects through a list whose first server is down, to the one that is writable', async () => {
    const database = await openPostgres(behindADeadHost('read-write'), { max: 2 })
    try {
      expect(await database.ping()).toBe(true)
    } finally {
      await database.close()
    }
  })

  it('refuses a server that answers read-only (503), for the pool and for migrations alike', async () => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(`alter database "${name}" set default_transaction_read_only = on`)
    await client.end()
    const database = await openPostgres(url, { max: 2 })
    try {
      const refusal = await database.db.execute('select 1').catch((error: unknown) => error)
      expect(isDatabaseUnavailable(refusal)).toBe(true)
      expect(causeOf(refusal)).toMatchObject({ code: '08001', message: expect.stringMatching(/read-only: not target_session_attrs=read-write/) as unknown })
      await expect(database.migrate()).rejects.toMatchObject({ code: '08001' })
    } finally {
      await database.close()
      const undo = new pg.Client({ connectionString: url })
      await undo.connect()
      await undo.query('begin read write')
      await undo.query(`alter database "${name}" reset default_transaction_read_only`)
      await undo.query('commit')
      await undo.end()
    }
  })

  it('drops a connection whose server refused a write as read-only, instead of giving it out again', async () => {
    const database = await openPostgres(url, { max: 1 })
    const pool = (database.db as unknown as { $client: pg.Pool }).$client
    try {
      const backend = async () => (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
      const before = await backend()
      await expect(database.db.transaction(async (tx) => tx.execute('set transaction read only; create table t (x int)'))).rejects.toSatisfy(
        isDatabaseUnavailable,
      )
      expect(await backend()).not.toBe(before)
    } finally {
      await database.close()
    }
  })

  it("closes a connection whose statement goes unanswered past the deadline, which the server's timeout did not cut", async () => {
    const route = createRoute({ hosts: parseDatabaseUrl(url, 'any').hosts, target: 'any', probe: () => Promise.reject(new Error('unused')) })
    const Client = routedClientClass(pg, route, { queryDeadlineMs: 300 })
    const client = new Client({ connectionString: url })
    client.on('error', () => undefined)
    await client.connect()
    const began = Date.now()
    const error = await client.query('select pg_sleep(20)').catch((e: unknown) => e)
    expect(Date.now() - began).toBeLessThan(5_000)
    expect(isDatabaseUnavailable(error)).toBe(true)
    await client.end().catch(() => undefined)
  })

  it('a frozen server loses every connection the pool holds to it within seconds, while a slow statement on a live one goes on', async () => {
    const relay = await freezableRelay(parseDatabaseUrl(url, 'any').hosts[0]!)
    // Two servers, as a failover topology lists them (the second refuses): of one there is nothing to move to, and the
    // check stays off.
    const viaRelay = url.replace(`@${new URL(url).host}`, `@127.0.0.1:${relay.port},127.0.0.1:1`)
    // The server's own settings: a statement deadline of 10 + 5 s, which a frozen server would otherwise make requests wait.
    const database = await openPostgres(viaRelay, { max: 3, statementTimeoutMs: 10_000 })
    const pool = (database.db as unknown as { $client: pg.Pool }).$client
    try {
      // A lock wait or a slow plan: the check finds the server answering, and the statement finishes.
      await expect(database.db.execute('select pg_sleep(2.5)')).resolves.toBeDefined()
      await Promise.all([1, 2, 3].map(() => database.db.execute('select pg_sleep(0.1)')))
      expect(pool.totalCount).toBe(3)
      relay.freeze()
      const began = Date.now()
      const error = await database.db.execute('select 1').catch((e: unknown) => e)
      const waited = Date.now() - began
      expect(isDatabaseUnavailable(error)).toBe(true)
      // 1 s unanswered, then a new connection that does not open within 2 s: well before the 15 s deadline.
      expect(waited).toBeLessThan(6_000)
      // The idle connections to the frozen server went with it, so no later request is given one.
      await expect.poll(() => pool.totalCount).toBe(0)
    } finally {
      await relay.close()
      await database.close()
    }
  })

  it('fails a statement whose commit the synchronous standby never confirmed (the warning PostgreSQL sends then): 503', async () => {
    const database = await openPostgres(url, { max: 1 })
    try {
      // The server's own words when a commit's wait for the standby is cancelled, raised here by hand.
      const warned = await database.db
        .execute(`do $$ begin raise warning 'canceling wait for synchronous replication due to user request'; end $$`)
        .catch((error: unknown) => error)
      expect(causeOf(warned)).toMatchObject({ code: '08007' })
      expect(isDatabaseUnavailable(warned)).toBe(true)
      // The next statement on the same connection is not blamed for it.
      expect(await database.ping()).toBe(true)
    } finally {
      await database.close()
    }
  })
})
