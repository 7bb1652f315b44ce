import type { RiskEvent, RiskRule } from '@sanam/contract'
import { sql } from 'drizzle-orm'
import type { Db } from '../src/db/client.ts'
import { accounts, deposits, playerPromotions, players, playerSignals, promotions, seamlessTransactions, withdrawals } from '../src/db/schema.ts'

// A seeded population for the risk rules (issue 39 §5, ADR 089): clean players, and each typology of R1-R10 planted
// among them. Rows are written straight into the tables the rules read (players, signals, deposits, bets, withdrawals,
// cash balances, bonuses), in bulk, so ten thousand players take seconds. Amounts in satang; every time is relative to
// `now`, and each event is to be evaluated as of its own time (`at`).

const HOUR = 3_600_000
const DAY = 24 * HOUR
const baht = (n: number) => BigInt(Math.round(n)) * 100n

/** A seeded generator (mulberry32): the same seed plants the same population. */
function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) }
}

/** One event to evaluate: its kind, the row it names (a deposit, a withdrawal, the player), and when it happened. */
export interface PlantedEvent {
  event: RiskEvent
  id: number
  at: Date
}

/** A player and the event the golden test evaluates; `rule` is the typology planted (none: a clean player). */
export interface Subject {
  playerId: number
  rule?: RiskRule
  events: PlantedEvent[]
}

type NewPlayer = typeof players.$inferInsert
type NewDeposit = typeof deposits.$inferInsert

/** Inserts in chunks (one statement per chunk), answering the inserted ids in order. */
async function bulk<T extends { id: number }>(insert: (rows: never[]) => Promise<T[]>, rows: unknown[], size = 1000): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < rows.length; i += size) ids.push(...(await insert(rows.slice(i, i + size) as never[])).map((r) => r.id))
  return ids
}

/**
 * Builds the population: `clean` players with a deposit from their own account, bets of about one to three times it,
 * a later withdrawal and money left, some of them referred by another clean player, some with a bonus; with the honest
 * noise a real population has (households sharing a network, players who wagered a little under their deposit). Then
 * `perTypology` subjects of each rule's typology.
 */
export async function plantPopulation(db: Db, options: { clean: number; perTypology: number; seed: number; now: Date }) {
  const { clean, perTypology, now } = options
  const r = rng(options.seed)
  const ago = (ms: number) => new Date(now.getTime() - ms)
  let serial = 0
  const next = () => ++serial

  const playerRows: NewPlayer[] = []
  const newPlayer = (created: Date): number => {
    const n = next()
    playerRows.push({
      mobile: `08${String(n).padStart(8, '0')}`,
      passwordHash: 'x',
      firstname: `ผู้เล่น${n}`,
      surname: `ทดสอบ${n}`,
      bankCode: '004',
      bankAccount: `9${String(n).padStart(9, '0')}`,
      inviteCode: `R${n}`,
      createdAt: created,
    })
    return playerRows.length - 1
  }
  const total = clean + perTypology * 14
  for (let i = 0; i < total; i++) newPlayer(ago(200 * DAY))
  const ids = await bulk((rows) => db.insert(players).values(rows).returning({ id: players.id }), playerRows)
  const accountOf = (p: number) => playerRows[p]!.bankAccount
  let cursor = 0
  const take = () => cursor++

  const depositRows: NewDeposit[] = []
  const deposit = (p: number, amount: bigint, at: Date, from = accountOf(p), status: 'MATCHED' | 'ASSIGNED' = 'MATCHED') => {
    const n = next()
    depositRows.push({
      source: 'BANK_FEED',
      externalId: `risk-${n}`,
      requestHash: `h${n}`,
      toAccount: '4071234567',
      fromBankCode: '004',
      fromAccount: from,
      amount,
      occurredAt: at,
      receivedAt: at,
      status,
      playerId: ids[p]!,
      creditedAt: at,
      feedAt: at,
    })
    return depositRows.length - 1
  }
  const betRows: Array<typeof seamlessTransactions.$inferInsert> = []
  const bet = (p: number, amount: bigint, at: Date) => {
    const n = next()
    betRows.push({
      providerCode: 'pgsoft',
      txId: `b${n}`,
      op: 'bet',
      playerId: ids[p]!,
      roundId: `r${n}`,
      amount,
      status: 'OK',
      fingerprint: '',
      response: {},
      createdAt: at,
    })
  }
  const withdrawalRows: Array<typeof withdrawals.$inferInsert> = []
  const withdraw = (p: number, amount: bigint, at: Date, status: 'SUCCESS' | 'PENDING' = 'SUCCESS') => {
    withdrawalRows.push({ playerId: ids[p]!, amount, bankCode: '004', bankAccount: accountOf(p), status, createdAt: at })
    return withdrawalRows.length - 1
  }
  const cash = new Map<number, bigint>()
  const signalRows: Array<typeof playerSignals.$inferInsert> = []
  const signal = (p: number, kind: 'DEVICE' | 'REGISTER_ADDRESS', value: string) => signalRows.push({ playerId: ids[p]!, kind, value, seenAt: ago(200 * DAY) })
  const uplines: Array<{ p: number; upline: number }> = []
  const bonuses: Array<{ p: number; deposit: number; status: 'ACTIVE' | 'COMPLETED' }> = []

  // Subjects: which events to evaluate. Deposits and withdrawals get their ids after the insert.
  type Pending = { p: number; rule?: RiskRule; events: Array<{ event: RiskEvent; ref: number; at: Date }> }
  const subjects: Pending[] = []
  const referrers = new Set<number>()

  for (let i = 0; i < clean; i++) {
    const p = take()
    signal(p, 'DEVICE', `device-${p}`)
    // One player in fifty shares a home network with the next one: two players on a /24, reviewed (R3), not a case.
    const net = i % 50 === 1 ? p - 1 : p
    signal(p, 'REGISTER_ADDRESS', `${11 + (net >> 16)}.${(net >> 8) & 255}.${net & 255}.${1 + (i % 200)}`)
    const at = ago(r.int(3, 40) * DAY + r.int(0, 23) * HOUR)
    const amount = baht(r.int(100, 20_000))
    const d = deposit(p, amount, at)
    // Three players in a hundred wagered a little less than they deposited (R1 reviews them); the rest 1-3 times it.
    const ratio = i % 100 < 3 ? 0.6 + r.next() * 0.39 : 1 + r.next() * 2
    bet(p, (amount * BigInt(Math.round(ratio * 1000))) / 1000n, new Date(at.getTime() + HOUR))
    const out = (amount * BigInt(r.int(10, 90))) / 100n
    const w = withdraw(p, out, new Date(at.getTime() + DAY))
    cash.set(p, amount - out + baht(r.int(500, 5_000)))
    if (i % 20 === 5) bonuses.push({ p, deposit: d, status: 'COMPLETED' })
    // One player in ten was invited by an earlier clean player.
    if (i % 10 === 9) {
      uplines.push({ p, upline: p - 3 })
      referrers.add(p - 3)
    }
    subjects.push({
      p,
      events: [
        { event: 'REGISTRATION', ref: p, at: ago(200 * DAY) },
        { event: 'DEPOSIT', ref: d, at },
        { event: 'WITHDRAWAL', ref: w, at: new Date(at.getTime() + DAY) },
      ],
    })
  }
  for (const referrer of referrers) subjects[referrer]!.events.push({ event: 'REFERRAL_PAYOUT', ref: referrer, at: now })

  const plant = (rule: RiskRule, build: (p: number, k: number) => { event: RiskEvent; ref: number; at: Date }) => {
    for (let k = 0; k < perTypology; k++) {
      const p = take()
      if (rule !== 'R3') signal(p, 'DEVICE', `device-${p}`)
      subjects.push({ p, rule, events: [build(p, k)] })
    }
  }
  plant('R1', (p) => {
    const at = ago(2 * DAY)
    deposit(p, baht(10_000), at)
    bet(p, baht(1_000), new Date(at.getTime() + HOUR))
    cash.set(p, baht(1_000))
    return { event: 'WITHDRAWAL', ref: withdraw(p, baht(8_000), new Date(at.getTime() + 3 * HOUR), 'PENDING'), at: new Date(at.getTime() + 3 * HOUR) }
  })
  plant('R2', (p) => {
    const at = ago(DAY)
    deposit(p, baht(r.int(45_500, 49_900)), at)
    deposit(p, baht(r.int(45_500, 49_900)), new Date(at.getTime() + 5 * HOUR))
    const third = new Date(at.getTime() + 11 * HOUR)
    return { event: 'DEPOSIT', ref: deposit(p, baht(r.int(45_500, 49_900)), third), at: third }
  })
  // R3: groups of three players on one device.
  plant('R3', (p, k) => {
    // Groups of three (the last group takes the remainder).
    signal(p, 'DEVICE', `shared-device-${Math.min(Math.floor(k / 3), Math.max(0, Math.floor(perTypology / 3) - 1))}`)
    return { event: 'REGISTRATION', ref: p, at: ago(200 * DAY) }
  })
  plant('R4', (p) => {
    // The referrer's referee: the next clean-free player, on the referrer's device, who deposited and hardly played.
    const referee = take()
    signal(referee, 'DEVICE', `device-${p}`)
    uplines.push({ p: referee, upline: p })
    const at = ago(5 * DAY)
    deposit(referee, baht(5_000), at)
    bet(referee, baht(r.int(100, 800)), new Date(at.getTime() + HOUR))
    return { event: 'REFERRAL_PAYOUT', ref: p, at: now }
  })
  plant('R5', (p) => {
    // A bonus on a deposit from an account another player's bonus already came from.
    const first = take()
    const at = ago(3 * DAY)
    bonuses.push({ p: first, deposit: deposit(first, baht(1_000), at), status: 'ACTIVE' })
    const d = deposit(p, baht(1_000), new Date(at.getTime() + HOUR), accountOf(first))
    bonuses.push({ p, deposit: d, status: 'ACTIVE' })
    return { event: 'DEPOSIT', ref: d, at: new Date(at.getTime() + HOUR) }
  })
  plant('R6', (p) => {
    const at = ago(DAY)
    return { event: 'DEPOSIT', ref: deposit(p, baht(r.int(500, 5_000)), at, `8${String(p).padStart(9, '0')}`, 'ASSIGNED'), at }
  })
  plant('R7', (p) => {
    const at = ago(10 * DAY)
    deposit(p, baht(20_000), at)
    bet(p, baht(40_000), new Date(at.getTime() + HOUR))
    cash.set(p, baht(5_000))
    const start = ago(DAY)
    for (let k = 0; k < 3; k++) withdraw(p, baht(1_000), new Date(start.getTime() + k * 5 * HOUR))
    const fourth = new Date(start.getTime() + 20 * HOUR)
    return { event: 'WITHDRAWAL', ref: withdraw(p, baht(1_000), fourth, 'PENDING'), at: fourth }
  })
  plant('R8', (p) => {
    const at = ago(HOUR)
    return { event: 'DEPOSIT', ref: deposit(p, baht(r.int(100_000, 400_000)), at), at }
  })
  plant('R9', (p) => {
    const old = ago(150 * DAY)
    deposit(p, baht(2_000), old)
    bet(p, baht(3_000), new Date(old.getTime() + HOUR))
    const at = ago(HOUR)
    return { event: 'DEPOSIT', ref: deposit(p, baht(r.int(50_000, 90_000)), at), at }
  })
  plant('R10', (p) => {
    const at = ago(2 * HOUR)
    deposit(p, baht(5_000), at)
    bet(p, baht(6_000), new Date(at.getTime() + 10 * 60_000))
    cash.set(p, 0n)
    const out = new Date(at.getTime() + 40 * 60_000)
    return { event: 'WITHDRAWAL', ref: withdraw(p, baht(4_990), out, 'PENDING'), at: out }
  })

  const depositIds = await bulk((rows) => db.insert(deposits).values(rows).returning({ id: deposits.id }), depositRows)
  const withdrawalIds = await bulk((rows) => db.insert(withdrawals).values(rows).returning({ id: withdrawals.id }), withdrawalRows)
  for (let i = 0; i < betRows.length; i += 1000) await db.insert(seamlessTransactions).values(betRows.slice(i, i + 1000))
  for (let i = 0; i < signalRows.length; i += 1000)
    await db
      .insert(playerSignals)
      .values(signalRows.slice(i, i + 1000))
      .onConflictDoNothing()
  const cashRows = [...cash].map(([p, balance]) => ({ playerId: ids[p]!, kind: 'cash', balance }))
  for (let i = 0; i < cashRows.length; i += 1000) await db.insert(accounts).values(cashRows.slice(i, i + 1000))
  if (uplines.length > 0) {
    const values = sql.join(
      uplines.map(({ p, upline }) => sql`(${ids[p]!}::bigint, ${ids[upline]!}::bigint)`),
      sql`, `,
    )
    await db.execute(sql`update players set upline_id = v.upline from (values ${values}) v(id, upline) where players.id = v.id`)
  }
  if (bonuses.length > 0) {
    const [promotion] = await db
      .insert(promotions)
      .values({ title: 'โบนัสฝากแรก', image: '/media/x.png', creditGivenType: 'PERCENT', creditGiven: 10n, rules: [] })
      .returning({ id: promotions.id })
    await db.insert(playerPromotions).values(
      bonuses.map((b) => ({
        playerId: ids[b.p]!,
        promotionId: promotion!.id,
        depositId: depositIds[b.deposit]!,
        deposit: depositRows[b.deposit]!.amount,
        bonus: 10_000n,
        turnoverType: 'TURNOVER' as const,
        turnoverTarget: 1_000_000n,
        turnoverCurrent: b.status === 'ACTIVE' ? 0n : 1_000_000n,
        rules: [],
        status: b.status,
        receivedAt: depositRows[b.deposit]!.creditedAt!,
      })),
    )
  }

  const resolve = (e: { event: RiskEvent; ref: number; at: Date }): PlantedEvent => ({
    event: e.event,
    at: e.at,
    id: e.event === 'DEPOSIT' ? depositIds[e.ref]! : e.event === 'WITHDRAWAL' ? withdrawalIds[e.ref]! : ids[e.ref]!,
  })
  const all: Subject[] = subjects.map((s) => ({ playerId: ids[s.p]!, ...(s.rule ? { rule: s.rule } : {}), events: s.events.map(resolve) }))
  return { clean: all.filter((s) => !s.rule), planted: all.filter((s) => s.rule) }
}
