// A pg_auto_failover formation on this machine for the failover spec and the bench (ADR 054): a monitor and data
// nodes, each a PostgreSQL cluster of its own in a temporary folder on a free port, run by `pg_autoctl` as the
// `postgres` user (pg_autoctl and initdb refuse root). Nothing here touches the machine's own PostgreSQL.
// It is made by running the set-up block of docs/operations.md ("High availability") as written: only the folders,
// host names, ports and the application's network are replaced (issue 35: the documented commands are the tested ones).
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort, repoRoot } from './server.ts'

/** The Debian packages that bring pg_autoctl and the monitor's extension (`.ci/run` installs them). */
export const AUTO_FAILOVER_PACKAGES = ['postgresql-15-auto-failover', 'pg-auto-failover-cli']

/** Where the documented set-up is, and the marker of its block. */
export const OPERATIONS_MD = path.join(repoRoot, 'docs', 'operations.md')
const SETUP_MARKER = '<!-- ha-setup:'

/** The documented set-up's parts, in the order they run, each named by the comment that opens it. */
export interface DocumentedSetup {
  /** `# on mon.internal`: the monitor. */
  monitor: string[]
  /** `# on db1.internal`: the first data node, the primary. */
  primary: string[]
  /** `# on db1.internal, once`: the roles and the database's owner. */
  roles: string[]
  /** `# on db2.internal, then db3.internal`: each standby. */
  standby: string[]
  /** `# on any data node`: number-sync-standbys, then the application's URI. */
  formation: string[]
}

/** The passwords the documented commands read from the environment. */
export const SETUP_PASSWORDS = ['MONITOR_PASSWORD', 'REPLICATION_PASSWORD', 'OWNER_PASSWORD', 'APP_PASSWORD'] as const

/**
 * The ```sh block after `marker` in docs/operations.md, split at its `# on …` comments, which must start as `expected`
 * says, in that order. Throws, saying what it found, when the block changed shape.
 */
function documentedBlock(markdown: string, marker: string, expected: string[]): string[][] {
  const at = markdown.indexOf(marker)
  if (at < 0) throw new Error(`docs/operations.md has no ${marker} block`)
  const block = /```sh\n([\s\S]*?)\n```/.exec(markdown.slice(at))?.[1]
  if (block === undefined) throw new Error(`docs/operations.md: no \`\`\`sh block after ${marker}`)
  const parts: { heading: string; lines: string[] }[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('# on ')) parts.push({ heading: line, lines: [] })
    else if (line.trim() !== '' && !line.startsWith('#')) {
      if (parts.length === 0) throw new Error(`docs/operations.md: a command before the first "# on …" comment: ${line}`)
      parts.at(-1)!.lines.push(line)
    }
  }
  const headings = parts.map((p) => p.heading)
  if (parts.length !== expected.length || expected.some((start, i) => !headings[i]!.startsWith(start)))
    throw new Error(`docs/operations.md: the ${marker} block's parts are ${JSON.stringify(headings)}; expected ones starting ${JSON.stringify(expected)}`)
  return parts.map((p) => p.lines)
}

/** The set-up block of docs/operations.md ("High availability"), in the five parts DocumentedSetup names. */
export function documentedSetup(markdown = readFileSync(OPERATIONS_MD, 'utf8')): DocumentedSetup {
  const expected = ['# on mon.internal', '# on db1.internal:', '# on db1.internal, once', '# on db2.internal', '# on any data node']
  const [monitor, primary, roles, standby, formation] = documentedBlock(markdown, SETUP_MARKER, expected) as [string[], string[], string[], string[], string[]]
  return { monitor, primary, roles, standby, formation }
}

/** The operator steps' block of docs/operations.md ("Operator steps"), in the order they run. */
export interface DocumentedOperations {
  /** `# on any data node: watch`: show state, show events. */
  watch: string[]
  /** `# on any data node: switch over`. */
  switchover: string[]
  /** `# on the node to work on`: enable, then disable maintenance. */
  maintenance: string[]
  /** `# on any other data node`: drop a node whose disk is lost (db3). */
  drop: string[]
}

export function documentedOperations(markdown = readFileSync(OPERATIONS_MD, 'utf8')): DocumentedOperations {
  const expected = ['# on any data node: watch', '# on any data node: switch over', '# on the node to work on', '# on any other data node']
  const [watch, switchover, maintenance, drop] = documentedBlock(markdown, '<!-- ha-operations:', expected) as [string[], string[], string[], string[]]
  return { watch, switchover, maintenance, drop }
}

/** A documented line that installs and starts the keeper under systemd: the test plays systemd for it. */
const SYSTEMD_LINE = /^pg_autoctl show systemd --pgdata (\S+) \| sudo tee \S+ && sudo systemctl daemon-reload && sudo systemctl enable --now \S+$/

/** What a unit `pg_autoctl show systemd` wrote asks systemd to run: ExecStart's words, its Environment, its User. */
export function unitCommand(unit: string): { command: string[]; env: Record<string, string>; user: string | undefined } {
  const values = (key: string) =>
    unit
      .split('\n')
      .map((line) => new RegExp(`^\\s*${key}\\s*=\\s*(.*)$`).exec(line)?.[1]?.trim())
      .filter((v): v is string => v !== undefined)
  const start = values('ExecStart')[0]
  if (!start) throw new Error(`the unit has no ExecStart:\n${unit}`)
  const env: Record<string, string> = {}
  for (const value of values('Environment')) {
    const [name, ...rest] = value
      .replace(/^'(.*)'$/, '$1')
      .replace(/^"(.*)"$/, '$1')
      .split('=')
    if (name) env[name] = rest.join('=')
  }
  return { command: start.split(/\s+/), env, user: values('User')[0] }
}

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
  /** While the node's PostgreSQL is frozen (SIGSTOP): its processes, to thaw. */
  frozen?: number[] | undefined
}

/** How the primary is lost: its machine killed, or its PostgreSQL frozen (every process stopped, the keeper running). */
export type Loss = 'kill' | 'freeze'

/** The goal states a failover assigns: the monitor assigning one of these means a failover has begun. */
const FAILOVER_GOALS = ['draining', 'demote_timeout', 'report_lsn', 'prepare_promotion', 'stop_replication', 'demoted']

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

/** Sends `signal` to each of `pids`, those already gone left out. */
function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal)
    } catch {
      // Already gone.
    }
  }
}

/** The PID of the node's postmaster, from its postmaster.pid. */
const postmasterOf = (node: { pgdata: string }) => Number(readFileSync(path.join(node.pgdata, 'postmaster.pid'), 'utf8').split('\n')[0])

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
 * made by docs/operations.md's set-up block (documentedSetup): passwords (scram-sha-256), TLS (self-signed), the
 * database `sanam` owned by `sanam_owner` with the runtime role `sanam_app`, and, with two standbys or more,
 * number-sync-standbys 1, and the documented failover timings (issue 40 §3). `database` is the one the helpers below default to: `sanam`, or another the test makes for itself.
 */
export async function createFormation(options: { tooling: Tooling; nodes: number; database: string }) {
  const setup = documentedSetup()
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
  /** The passwords the documented commands take from the environment (a secret store's, in production). */
  const passwords = Object.fromEntries(SETUP_PASSWORDS.map((name) => [name, randomBytes(16).toString('hex')])) as Record<
    (typeof SETUP_PASSWORDS)[number],
    string
  >
  /** Each node's keeper as its systemd unit runs it (`pg_autoctl show systemd`), kept to start it again. */
  const units = new Map<string, ReturnType<typeof unitCommand>>()

  function autoctlProcess(name: string, command: string, args: string[], extra: Record<string, string> = {}): ChildProcess {
    const log = openSync(path.join(dir, `${name}.log`), 'a')
    const child = spawn(command, args, { cwd: dir, env: { ...env, ...extra }, uid: tooling.user.uid, gid: tooling.user.gid, stdio: ['ignore', log, log] })
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

  /**
   * Runs one documented line as the formation's user, with the passwords in its environment; the machine it was
   * written for is `machine` (its folder and port replace the documented ones). Answers its output.
   */
  async function runDocumented(line: string, machine: { name: string; port: number; pgdata: string }): Promise<string> {
    const text = line
      .replaceAll('mon.internal:5432', `127.0.0.1:${monitorPort}`)
      .replace(/\b(?:mon|db\d)\.internal\b/g, '127.0.0.1')
      .replace(/--name db\d\b/g, `--name ${machine.name}`)
      .replace(/\b5432\b/g, String(machine.port))
      .replaceAll('/var/lib/postgresql/monitor', path.join(dir, 'monitor'))
      .replaceAll('/var/lib/postgresql/sanam', machine.pgdata)
      .replaceAll('10.0.0.0/8', '127.0.0.1/32')
    const systemd = SYSTEMD_LINE.exec(text)
    if (systemd) {
      // As systemd would: the unit pg_autoctl writes, its ExecStart started as its user, and PostgreSQL answering.
      const unit = await runAs(`${tooling.autoctl} show systemd --pgdata ${systemd[1]}`)
      writeFileSync(path.join(dir, `${machine.name}.service`), unit)
      const command = unitCommand(unit)
      if (command.user !== undefined && command.user !== superuser) throw new Error(`the unit runs as ${command.user}, not ${superuser}`)
      units.set(machine.name, command)
      startUnit(machine.name)
      await waitUntil(
        () => queryOnce(`postgres://${superuser}@127.0.0.1:${machine.port}/postgres`, 'select 1'),
        60_000,
        () => `PostgreSQL of ${machine.name} did not answer after its keeper started\n${logs()}`,
      )
      return unit
    }
    return runAs(text)
  }

  /** `sh -c text` as the formation's user, in its folder; throws with the output when it fails. */
  function runAs(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        'sh',
        ['-c', text],
        { cwd: dir, env: { ...env, ...passwords }, uid: tooling.user.uid, gid: tooling.user.gid, encoding: 'utf8', timeout: 180_000, maxBuffer: 16 << 20 },
        (error, stdout, stderr) => {
          appendLog('setup', `$ ${text}\n${stdout}${stderr}`)
          if (error) reject(new Error(`${text}\nfailed: ${error.message}\n${stderr.trim().split('\n').slice(-15).join('\n')}`))
          else resolve(stdout)
        },
      )
    })
  }

  function appendLog(name: string, text: string) {
    writeFileSync(path.join(dir, `${name}.log`), text, { flag: 'a' })
  }

  /** Starts a node's keeper as its unit says (`pg_autoctl run` with PGDATA). */
  function startUnit(name: string): ChildProcess {
    const unit = units.get(name)
    if (!unit) throw new Error(`${name} has no unit`)
    const [command = '', ...args] = unit.command
    const child = autoctlProcess(name, command, args, unit.env)
    const node = nodes.find((n) => n.name === name)
    if (node) node.process = child
    return child
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
    /** The passwords the documented commands were given (MONITOR_PASSWORD, …). */
    passwords,
    /** Runs one documented line on `node`, as the set-up does (its folder and port for the documented ones). */
    run: (line: string, node: FormationNode): Promise<string> => runDocumented(line, node),
    /** The multi-host URI the documented `pg_autoctl show uri` line prints, as it printed it (once the set-up ran). */
    uri: '',
    /**
     * That URI as docs/operations.md says an application uses it: `user` (the superuser unless given) with its password
     * (sanam_owner: OWNER_PASSWORD, sanam_app: APP_PASSWORD), `uselibpqcompat=true` for the self-signed certificates,
     * `database` (options.database unless given), and another target_session_attrs when asked (prefer-standby for
     * READ_REPLICA_URL).
     */
    applicationUrl(as: { user?: string; database?: string; target?: string } = {}): string {
      const user = as.user ?? superuser
      const password = { sanam_owner: passwords.OWNER_PASSWORD, sanam_app: passwords.APP_PASSWORD }[user]
      let url = `${formation.uri.replace('postgres://', `postgres://${user}${password ? `:${password}` : ''}@`)}&uselibpqcompat=true`
      const database = as.database ?? options.database
      url = url.replace('/sanam?', `/${database}?`)
      if (as.target) url = url.replace('target_session_attrs=read-write', `target_session_attrs=${as.target}`)
      return url
    },
    /**
     * Adds a data node by the documented lines: the first (db1) by the primary's and the roles', later ones (db2, db3,
     * …) by the standby's, while the primary is asked for a checkpoint (its first copy waits for one, as the docs say).
     */
    async addNode(): Promise<FormationNode> {
      const name = `db${nodes.length + 1}`
      const first = nodes.length === 0
      const node: FormationNode = { name, port: 0, pgdata: path.join(dir, name), process: undefined }
      // Counted before the first await: a second call meanwhile takes the next name, not the same one.
      nodes.push(node)
      node.port = await freePort()
      if (first) {
        for (const line of [...setup.primary, ...setup.roles]) await runDocumented(line, node)
        return node
      }
      const primary = nodes[0]!
      let copying = true
      const checkpoints = (async () => {
        while (copying) {
          await formation.sql(primary, 'checkpoint', 'postgres').catch(() => undefined)
          await new Promise((resolve) => setTimeout(resolve, 1000))
        }
      })()
      try {
        for (const line of setup.standby) await runDocumented(line, node)
      } finally {
        copying = false
        await checkpoints
      }
      return node
    },
    /**
     * The machine of `node` dies: its keeper (pg_autoctl and its services), its postmaster and every backend, all
     * SIGKILLed in one go, so that nothing restarts PostgreSQL in place. Answers the moment of the kill.
     */
    kill(node: FormationNode): number {
      const root = node.process?.pid
      if (root === undefined) throw new Error(`${node.name} is not running`)
      const postmaster = postmasterOf(node)
      const victims = [root, ...descendants(root)]
      if (!victims.includes(postmaster)) victims.push(postmaster)
      const at = Date.now()
      signalAll(victims, 'SIGKILL')
      node.process = undefined
      return at
    },
    /**
     * The node's PostgreSQL freezes: its postmaster and every backend SIGSTOPped (a process hung on a dead disk, a VM
     * paused), while its keeper runs on. The kernel still takes connections and bytes for it; nothing answers. Answers
     * the moment of the freeze.
     */
    freeze(node: FormationNode): number {
      const postmaster = postmasterOf(node)
      const stopped = [postmaster, ...descendants(postmaster)]
      const at = Date.now()
      // The postmaster first, so it starts no new backend meanwhile.
      signalAll(stopped, 'SIGSTOP')
      node.frozen = stopped
      return at
    },
    /** The frozen PostgreSQL runs again; its keeper then finds it demoted by the monitor and rejoins as a standby. */
    thaw(node: FormationNode): void {
      signalAll(node.frozen ?? [], 'SIGCONT')
      node.frozen = undefined
    },
    /** The monitor's last event so far: failoverEvents(after) lists what it decided since. */
    async lastEvent(): Promise<number> {
      const [row] = await onMonitor<{ id: string | null }>('select max(eventid)::text as id from pgautofailover.event')
      return Number(row?.id ?? 0)
    },
    /** The events after `after` in which the monitor began a failover (a goal state of FAILOVER_GOALS), as text. */
    async failoverEvents(after: number): Promise<string[]> {
      const rows = await onMonitor<{ line: string }>(
        `select eventtime::time(0)::text || ' ' || nodename || ' → ' || goalstate || ': ' || description as line from pgautofailover.event where eventid > ${Number(after)} and goalstate::text in (${FAILOVER_GOALS.map((g) => `'${g}'`).join(', ')}) order by eventid`,
      )
      return rows.map((r) => r.line)
    },
    /**
     * The monitor's events after `after`, each as milliseconds after `since` (an epoch instant of this machine's clock,
     * which the monitor's shares), the node, its goal and reported states: where a failover's time went.
     */
    async eventsSince(after: number, since: number): Promise<string[]> {
      const rows = await onMonitor<{ at: string; node: string; goal: string; reported: string }>(
        `select (extract(epoch from eventtime) * 1000)::bigint::text as at, nodename as node, goalstate::text as goal, reportedstate::text as reported from pgautofailover.event where eventid > ${Number(after)} order by eventid`,
      )
      return rows.map((r) => `+${((Number(r.at) - since) / 1000).toFixed(1)} s ${r.node}: goal ${r.goal}, reported ${r.reported}`)
    },
    /** The monitor's pgautofailover.* settings as they are now, `name value` each. */
    async monitorSettings(): Promise<string[]> {
      const rows = await onMonitor<{ name: string; setting: string; unit: string | null }>(
        "select name, setting, unit from pg_settings where name like 'pgautofailover.%' and (name like '%health_check%' or name like '%timeout%') order by name",
      )
      return rows.map((r) => `${r.name.replace('pgautofailover.', '')} ${r.setting}${r.unit ? ` ${r.unit}` : ''}`)
    },
    /** The machine comes back: its unit starts the keeper, which rejoins as a standby (pg_rewind). */
    restart(node: FormationNode): void {
      startUnit(node.name)
    },
    /** Stops every node and the monitor (SIGTERM, then SIGKILL after 10 s) and removes the folder. */
    async destroy(): Promise<void> {
      // A frozen PostgreSQL hears no SIGTERM until it runs again.
      for (const node of nodes) formation.thaw(node)
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
      signalAll(alive(), 'SIGKILL')
      await waitUntil(
        async () => (alive().length === 0 ? true : undefined),
        5_000,
        () => `processes ${alive().join(', ')} outlived SIGKILL`,
      )
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    },
  }

  try {
    const monitor = { name: 'monitor', port: monitorPort, pgdata: path.join(dir, 'monitor') }
    for (const line of setup.monitor) await runDocumented(line, monitor)

    const primary = await formation.addNode()
    await formation.waitForStates({ [primary.name]: 'single' }, 60_000)
    for (let i = 1; i < options.nodes; i++) {
      const standby = await formation.addNode()
      await formation.waitForStates({ [primary.name]: 'primary', [standby.name]: 'secondary' }, 90_000)
    }
    // number-sync-standbys needs two standbys (pg_auto_failover refuses more synchronous standbys than it can spare);
    // the URI is printed either way. Both from the first node's folder, "any data node".
    const [syncLine, ...rest] = setup.formation
    if (!syncLine?.includes('number-sync-standbys')) throw new Error(`the formation part of the set-up starts with ${syncLine}`)
    if (options.nodes >= 3) {
      await runDocumented(syncLine, primary)
      // The primary applies it (apply_settings) and is primary again.
      await formation.waitForStates({ [primary.name]: 'primary' }, 60_000)
    }
    for (const line of rest) formation.uri = (await runDocumented(line, primary)).trim()
    if (!formation.uri.startsWith('postgres://')) throw new Error(`pg_autoctl show uri printed ${formation.uri}`)
    if (options.database !== 'sanam') await formation.sql(primary, `create database ${options.database}`, 'postgres')
    return formation
  } catch (error) {
    await formation.destroy()
    throw error
  }
}
export type Formation = Awaited<ReturnType<typeof createFormation>>
