// A pg_auto_failover formation on this machine for the failover spec and the bench (ADR 054): a monitor and data
// nodes, each a PostgreSQL cluster of its own in a temporary folder on a free port, run by `pg_autoctl` as the
// `postgres` user (pg_autoctl and initdb refuse root). Nothing here touches the machine's own PostgreSQL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './server.ts'

/** The Debian packages that bring pg_autoctl and the monitor's extension (`.ci/run` installs them). */
export const AUTO_FAILOVER_PACKAGES = ['postgresql-15-auto-failover', 'pg-auto-failover-cli']

/**
 * The monitor's settings for a failover in seconds on a loaded machine (the defaults take about a minute): a health
 * check every second, a node the monitor cannot reach for 2 s and whose keeper has not reported for 5 s is failed over,
 * and a primary that does not answer is taken as demoted after 3 s. Names are pgautofailover.<name>, in ms.
 */
export const QUICK_MONITOR: Record<string, number> = {
  health_check_period: 1000,
  health_check_timeout: 2000,
  health_check_max_retries: 2,
  health_check_retry_delay: 500,
  node_considered_unhealthy_timeout: 5000,
  primary_demote_timeout: 3000,
}

/**
 * The monitor's settings docs/operations.md recommends for production (ADR 054), which the bench measures: a node whose
 * health checks fail (every 2 s, 2 s each, twice more 1 s apart) and whose keeper has not reported for 10 s is failed
 * over, and the old primary is given 10 s to demote itself. The defaults (20 s and 30 s) take close to a minute.
 */
export const RECOMMENDED_MONITOR: Record<string, number> = {
  health_check_period: 2000,
  health_check_timeout: 2000,
  health_check_max_retries: 2,
  health_check_retry_delay: 1000,
  node_considered_unhealthy_timeout: 10_000,
  primary_demote_timeout: 10_000,
}

/**
 * PostgreSQL settings of every data node: a standby being promoted looks for new WAL every 0.5 s instead of 5 s, which
 * is what its promotion waits for once the primary is gone.
 */
export const DATA_NODE_SETTINGS: Record<string, string> = { wal_retrieve_retry_interval: '500ms' }

interface Tooling {
  autoctl: string
  /** PostgreSQL's bin directory of the version the extension is built for. */
  bindir: string
  /** Who runs the clusters (uid, gid, name), and the PostgreSQL superuser they get. */
  user: { uid: number; gid: number; name: string }
}

/** What is needed, or why it cannot run here (printed by the spec that skips). */
export function autoFailoverTooling(): Tooling | { missing: string } {
  let autoctl: string
  try {
    autoctl = execFileSync('sh', ['-c', 'command -v pg_autoctl'], { encoding: 'utf8' }).trim()
  } catch {
    return { missing: `pg_autoctl is not installed (apt-get install -y ${AUTO_FAILOVER_PACKAGES.join(' ')})` }
  }
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'lib', 'pgautofailover.so'))) : []
  const version = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!version) return { missing: `no PostgreSQL with the pgautofailover extension under ${root} (apt-get install -y ${AUTO_FAILOVER_PACKAGES[0]})` }
  const bindir = path.join(root, version, 'bin')
  if (process.getuid?.() !== 0) {
    // As ourselves: PostgreSQL's socket directory must be ours to write.
    try {
      execFileSync('test', ['-w', '/var/run/postgresql'])
    } catch {
      return { missing: 'not root, and /var/run/postgresql is not writable: run as root (the clusters then run as postgres) or as postgres' }
    }
    const me = userInfo()
    return { autoctl, bindir, user: { uid: me.uid, gid: me.gid, name: me.username } }
  }
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    return { autoctl, bindir, user: { uid, gid, name: 'postgres' } }
  } catch {
    return { missing: 'running as root, and there is no postgres user to run the clusters as' }
  }
}

export interface FormationNode {
  name: string
  port: number
  pgdata: string
  /** The node's pg_autoctl process (keeper and PostgreSQL under it) while it runs. */
  process: ChildProcess | undefined
}

export interface NodeState {
  name: string
  port: number
  reported: string
  assigned: string
}

const WAIT_STEP_MS = 250

/** Resolves once `check` answers a value (not undefined), trying every 250 ms; throws `why()` after `timeoutMs`. */
export async function waitUntil<T>(check: () => Promise<T | undefined>, timeoutMs: number, why: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(why())
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
  }
}

/** Whether `pid` runs (a zombie waiting for its parent counts as gone). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}

/** Every process under `pid` (its children, theirs, …), from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // stat's fourth field is the parent; the command name (second) may hold spaces, so read after its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)])
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = []
  const walk = (p: number) => {
    for (const child of parents.get(p) ?? []) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

/**
 * A monitor and `nodes` data nodes (the first created is the primary, the others its standbys), formation `default`,
 * one database `database`. The monitor takes `monitorSettings` before the first data node registers.
 */
export async function createFormation(options: {
  tooling: Tooling
  nodes: number
  database: string
  monitorSettings?: Record<string, number>
  /** The formation's number_sync_standbys (pg_auto_failover's default 0: one standby is waited for while it is healthy). */
  numberSyncStandbys?: number
}) {
  const { tooling } = options
  const dir = mkdtempSync(path.join(tmpdir(), 'sanam-ha-'))
  chownSync(dir, tooling.user.uid, tooling.user.gid)
  const env = {
    PATH: `${tooling.bindir}:/usr/bin:/bin`,
    HOME: dir,
    // pg_autoctl keeps its configuration and state here instead of the user's home: nothing outlives the folder.
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_RUNTIME_DIR: path.join(dir, 'run'),
    // initdb takes the database encoding from the locale: UTF-8, as Sanam's text (Thai) needs.
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
  }
  const superuser = tooling.user.name
  const processes = new Set<ChildProcess>()

  function autoctl(name: string, args: string[]): ChildProcess {
    const log = openSync(path.join(dir, `${name}.log`), 'a')
    const child = spawn(tooling.autoctl, args, { cwd: dir, env, uid: tooling.user.uid, gid: tooling.user.gid, stdio: ['ignore', log, log] })
    closeSync(log)
    processes.add(child)
    child.once('exit', () => processes.delete(child))
    return child
  }

  /** The last lines of every node's pg_autoctl log, for a failure message. */
  function logs(lines = 15): string {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => `--- ${f} ---\n${readFileSync(path.join(dir, f), 'utf8').trim().split('\n').slice(-lines).join('\n')}`)
      .join('\n')
  }

  const monitorPort = await freePort()
  const monitorUrl = `postgres://${superuser}@127.0.0.1:${monitorPort}/pg_auto_failover`
  /** Runs `text` on its own connection to `connectionString`, closed after. */
  async function queryOnce<R extends pg.QueryResultRow>(connectionString: string, text: string): Promise<R[]> {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 })
    client.on('error', () => undefined)
    await client.connect()
    try {
      return (await client.query<R>(text)).rows
    } finally {
      await client.end().catch(() => undefined)
    }
  }
  const onMonitor = <R extends pg.QueryResultRow>(text: string) => queryOnce<R>(monitorUrl, text)

  const nodes: FormationNode[] = []

  const formation = {
    dir,
    nodes,
    monitorUrl,
    logs,
    /** A data node's own URL, as the superuser. */
    nodeUrl: (node: FormationNode, database = options.database) => `postgres://${superuser}@127.0.0.1:${node.port}/${database}`,
    /** Runs `text` on one node as the superuser. */
    sql: <R extends pg.QueryResultRow>(node: FormationNode, text: string, database = options.database): Promise<R[]> =>
      queryOnce<R>(formation.nodeUrl(node, database), text),
    /** What the monitor knows of each data node: the state its keeper reported, and the one assigned to it. */
    async states(): Promise<NodeState[]> {
      const rows = await onMonitor<{ name: string; port: number; reported: string; assigned: string }>(
        'select nodename as name, nodeport as port, reportedstate as reported, goalstate as assigned from pgautofailover.node order by nodeid',
      )
      return rows.map((r) => ({ ...r, port: Number(r.port) }))
    },
    /** The states as one line, for messages. */
    async describe(): Promise<string> {
      const states = await formation.states().catch(() => [] as NodeState[])
      return states.map((s) => `${s.name}:${s.reported}→${s.assigned}`).join(' ')
    },
    /** Waits until the monitor reports `expected` (node name → reported and assigned state) for every node listed. */
    async waitForStates(expected: Record<string, string>, timeoutMs: number, meanwhile?: () => Promise<unknown>): Promise<void> {
      await waitUntil(
        async () => {
          await meanwhile?.()
          const states = await formation.states()
          return Object.entries(expected).every(([name, state]) => states.some((s) => s.name === name && s.reported === state && s.assigned === state))
            ? true
            : undefined
        },
        timeoutMs,
        () => `the formation did not reach ${JSON.stringify(expected)} in ${timeoutMs} ms\n${logs()}`,
      )
    },
    /** The data node the monitor says is the primary now (wait_primary: one whose standbys are gone; single: alone). */
    async primary(): Promise<FormationNode> {
      const states = await formation.states()
      const serving = ['primary', 'wait_primary', 'single']
      // Both: a dead primary still reports `primary` while it is assigned `demoted`; a new one moves wait_primary → primary.
      const name = states.find((s) => serving.includes(s.reported) && serving.includes(s.assigned))?.name
      const node = nodes.find((n) => n.name === name)
      if (!node) throw new Error(`no primary: ${await formation.describe()}`)
      return node
    },
    /** The data nodes the monitor says are standbys now. */
    async standbys(): Promise<FormationNode[]> {
      const states = await formation.states()
      return nodes.filter((n) => states.some((s) => s.name === n.name && s.reported === 'secondary'))
    },
    /** Connections to `database` on `node` whose application_name is `name` (pg_stat_activity). */
    async connections(node: FormationNode, name: string, database = options.database): Promise<number> {
      const [row] = await formation.sql<{ n: number }>(
        node,
        `select count(*)::int as n from pg_stat_activity where datname = '${database}' and application_name = '${name}'`,
      )
      return row!.n
    },
    /** `pg_autoctl show uri --formation default`: the multi-host URL the tool gives applications. */
    showUri(): string {
      return execFileSync(tooling.autoctl, ['show', 'uri', '--pgdata', path.join(dir, 'monitor'), '--formation', 'default'], {
        cwd: dir,
        env,
        uid: tooling.user.uid,
        gid: tooling.user.gid,
        encoding: 'utf8',
      }).trim()
    },
    /**
     * `pg_autoctl show uri` as an application uses it: as `user` (the superuser unless given), without TLS (the
     * clusters run --no-ssl; node-postgres reads the tool's sslmode=prefer as verify-full), and with another
     * target_session_attrs when asked (prefer-standby for READ_REPLICA_URL).
     */
    applicationUrl(as: { user?: string; database?: string; target?: string } = {}): string {
      let url = formation
        .showUri()
        .replace('postgres://', `postgres://${as.user ?? superuser}@`)
        .replace('sslmode=prefer', 'sslmode=disable')
      if (as.database) url = url.replace(`/${options.database}?`, `/${as.database}?`)
      if (as.target) url = url.replace('target_session_attrs=read-write', `target_session_attrs=${as.target}`)
      return url
    },
    /** Adds a data node: the first becomes the primary, later ones standbys cloned from it. */
    async addNode(): Promise<FormationNode> {
      const name = `node_${String.fromCharCode(97 + nodes.length)}`
      const node: FormationNode = { name, port: await freePort(), pgdata: path.join(dir, name), process: undefined }
      nodes.push(node)
      // prettier-ignore
      node.process = autoctl(name, [
        'create', 'postgres', '--pgdata', node.pgdata, '--pgport', String(node.port), '--pgctl', path.join(tooling.bindir, 'pg_ctl'),
        '--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--name', name, '--dbname', options.database,
        '--monitor', `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`, '--auth', 'trust', '--no-ssl', '--run',
      ])
      return node
    },
    /** Applies DATA_NODE_SETTINGS to a running node (ALTER SYSTEM, which a standby takes too). */
    async tune(node: FormationNode): Promise<void> {
      for (const [name, value] of Object.entries(DATA_NODE_SETTINGS)) await formation.sql(node, `alter system set ${name} = '${value}'`, 'postgres')
      await formation.sql(node, 'select pg_reload_conf()', 'postgres')
    },
    /**
     * The machine of `node` dies: its keeper (pg_autoctl and its services), its postmaster and every backend, all
     * SIGKILLed in one go, so that nothing restarts PostgreSQL in place. Answers the moment of the kill.
     */
    kill(node: FormationNode): number {
      const root = node.process?.pid
      if (root === undefined) throw new Error(`${node.name} is not running`)
      const postmaster = Number(readFileSync(path.join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0])
      const victims = [root, ...descendants(root)]
      if (!victims.includes(postmaster)) victims.push(postmaster)
      const at = Date.now()
      for (const pid of victims) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // Already gone.
        }
      }
      node.process = undefined
      return at
    },
    /** The machine comes back: `pg_autoctl run` on the node's data, which rejoins as a standby (pg_rewind). */
    restart(node: FormationNode): void {
      node.process = autoctl(node.name, ['run', '--pgdata', node.pgdata])
    },
    /** Stops every node and the monitor (SIGTERM, then SIGKILL after 10 s) and removes the folder. */
    async destroy(): Promise<void> {
      const running = [...processes]
      const everything = running.flatMap((child) => (child.pid === undefined ? [] : [child.pid, ...descendants(child.pid)]))
      for (const child of running) child.kill('SIGTERM')
      // pg_autoctl stops its PostgreSQL on SIGTERM; whatever still runs after 10 s (or outlived its parent) is killed.
      const alive = () => everything.filter(isRunning)
      await waitUntil(
        async () => (alive().length === 0 ? true : undefined),
        10_000,
        () => 'still running',
      ).catch(() => undefined)
      for (const pid of alive()) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // Gone.
        }
      }
      await waitUntil(
        async () => (alive().length === 0 ? true : undefined),
        5_000,
        () => `processes ${alive().join(', ')} outlived SIGKILL`,
      )
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    },
  }

  try {
    // prettier-ignore
    autoctl('monitor', [
      'create', 'monitor', '--pgdata', path.join(dir, 'monitor'), '--pgport', String(monitorPort), '--pgctl', path.join(tooling.bindir, 'pg_ctl'),
      '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--run',
    ])
    await waitUntil(
      async () => (await onMonitor('select 1 from pgautofailover.formation')) && true,
      60_000,
      () => `the monitor did not start\n${logs()}`,
    )
    const settings = options.monitorSettings ?? {}
    for (const [name, value] of Object.entries(settings)) await onMonitor(`alter system set pgautofailover.${name} = ${Number(value)}`)
    if (Object.keys(settings).length > 0) await onMonitor('select pg_reload_conf()')

    const primary = await formation.addNode()
    await formation.waitForStates({ [primary.name]: 'single' }, 60_000)
    await formation.tune(primary)
    for (let i = 1; i < options.nodes; i++) {
      const standby = await formation.addNode()
      // The standby's pg_basebackup waits for a checkpoint, spread over minutes by default: ask for it at once.
      await formation.waitForStates({ [primary.name]: 'primary', [standby.name]: 'secondary' }, 90_000, () =>
        formation.sql(primary, 'checkpoint', 'postgres').catch(() => undefined),
      )
      await formation.tune(standby)
    }
    // Set once the standbys are there: pg_auto_failover refuses more synchronous standbys than it has.
    if (options.numberSyncStandbys !== undefined) {
      await onMonitor(`select pgautofailover.set_formation_number_sync_standbys('default', ${Number(options.numberSyncStandbys)})`)
      // The primary applies it (apply_settings) and is primary again.
      await formation.waitForStates({ [primary.name]: 'primary' }, 60_000)
    }
    return formation
  } catch (error) {
    await formation.destroy()
    throw error
  }
}
export type Formation = Awaited<ReturnType<typeof createFormation>>
