// Slip deposits (issue 37 §1, ADR 079): a player sends the text of a slip's QR code; the server reads it itself, asks
// the verifier, and credits through the deposits service only when every rule holds (slip-rules.ts). An answer the
// verifier could not give is asked again (30 s, 2 min, 10 min) and then waits for an operator: it never credits.
import { msg, type BackofficeSlipCheck, type SlipCheck } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import type { SlipFacts } from '../../db/schema/slips.ts'
import { afterCommit } from '../../db/after-commit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Actor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import type { TransferIntakeService } from '../deposits/transfer-intake.service.ts'
import type { SlipCreditResult } from '../deposits/transfer-rules.ts'
import type { LimitsService } from '../limits/limits.service.ts'
import type { PlanReader } from '../plan/plan.service.ts'
import type { PlayersRepository } from '../users/users.repository.ts'
import { parseSlipPayload, slipKeyOf } from './slip-payload.ts'
import { slipRefusal } from './slip-rules.ts'
import { toBackofficeSlipCheck, toSlipCheck } from './slip-view.ts'
import type { SlipVerdict, SlipVerifier, VerifiedSlip } from './slip-verifier.ts'
import type { SlipCheckRow, SlipsRepository } from './slips.repository.ts'

/** After the 1st, 2nd and 3rd unknown answer, the next attempt waits this long; after the 4th, an operator looks. */
export const SLIP_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000] as const
const LAST_RETRY_DELAY_MS = 10 * 60_000
/** How long a check being asked is left alone by the retry job, at least (longer than a verifier call may take: see `leaseMs`). */
const LEASE_MS = 30_000
/** How many due checks one run of the retry job asks. */
const RETRY_BATCH = 20
const PAGE_SIZE = 20

export interface SlipServiceDeps {
  db: Db
  clock: Clock
  /** The verifier SLIP_VERIFIER chose; null: slips are not checked here (503 with a Thai text). */
  verifier: SlipVerifier | null
  /** How long one verifier call may take before it counts as unknown. */
  verifyTimeoutMs: number
  deposits: Pick<TransferIntakeService, 'creditSlip' | 'payInAccountFor' | 'openBillOf'>
  plan: PlanReader
  limits?: Pick<LimitsService, 'depositAllowance'>
  playersRepository: Pick<PlayersRepository, 'findById'>
  slipsRepository: Pick<SlipsRepository, 'insertCheck' | 'checkOf' | 'checkById' | 'updateCheck' | 'dueChecks' | 'page' | 'mobileOf'>
  auditRepository: Pick<AuditRepository, 'record'>
  /** A retry that failed outside any request (the retry job's asks run after its transaction): logged; the job asks again. */
  onError?: (error: unknown) => void
}

/** What the verifier said, as the check keeps it (satang as text, ISO times). */
function factsOf(slip: VerifiedSlip): SlipFacts {
  const party = (p: VerifiedSlip['sender']) => ({ bankCode: p.bankCode, account: p.account, name: p.name })
  return {
    amount: slip.amount.toString(),
    occurredAt: slip.occurredAt.toISOString(),
    sender: party(slip.sender),
    receiver: { ...party(slip.receiver), proxy: slip.receiver.proxy },
    seenBefore: slip.seenBefore,
  }
}

export function createSlipService(deps: SlipServiceDeps) {
  const { db, clock, slipsRepository: repo } = deps

  /** Asks the verifier about a stored check's slip; whatever goes wrong is an unknown answer, never a throw. */
  async function ask(check: SlipCheckRow): Promise<SlipVerdict> {
    const parsed = parseSlipPayload(check.payload)
    if (!deps.verifier || !parsed.ok) return { outcome: 'UNAVAILABLE', code: 'NO_VERIFIER' }
    const verifier = deps.verifier
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<SlipVerdict>((resolve) => {
      timer = setTimeout(() => {
        controller.abort()
        resolve({ outcome: 'UNAVAILABLE', code: 'TIMEOUT' })
      }, deps.verifyTimeoutMs)
    })
    try {
      const verdict = await Promise.race([verifier.verify({ payload: check.payload, slip: parsed.slip }, controller.signal), timeout])
      // A verifier that answers about another transfer than the one asked is not believed.
      const asked = parsed.slip
      const other =
        verdict.outcome === 'VERIFIED' &&
        (verdict.slip.reference !== asked.reference || (asked.layout === 'bank' && verdict.slip.sendingBank !== asked.sendingBank))
      return other ? { outcome: 'UNAVAILABLE', code: 'OTHER_TRANSFER' } : verdict
    } catch {
      return { outcome: 'UNAVAILABLE', code: 'VERIFIER_THREW' }
    } finally {
      clearTimeout(timer)
    }
  }

  /** What a verified slip comes to: a refusal by the rules, or what the deposits service made of its credit. */
  async function decide(tx: Db, check: SlipCheckRow, slip: VerifiedSlip, now: Date): Promise<Partial<SlipCheckRow>> {
    const facts = factsOf(slip)
    const player = await deps.playersRepository.findById(tx, check.playerId)
    if (!player) throw new AppError('NOT_FOUND')
    const account = await deps.deposits.payInAccountFor(tx, slip.receiver, slip.occurredAt)
    const bill = await deps.deposits.openBillOf(tx, check.playerId)
    const { depositMin } = await deps.plan.current(tx)
    const allowance = deps.limits ? await deps.limits.depositAllowance(tx, check.playerId) : null
    const refusal = slipRefusal({
      slip,
      player,
      receiverIsOurs: account !== undefined,
      bill: bill ?? null,
      now,
      depositMin,
      limitRemaining: allowance?.remaining ?? null,
    })
    if (refusal || !account) return { status: 'REFUSED', reason: refusal ?? 'RECEIVER', facts }
    const credit: SlipCreditResult = await deps.deposits.creditSlip(tx, {
      senderRef: check.slipKey,
      player,
      amount: slip.amount,
      occurredAt: slip.occurredAt,
      payInAccount: account.accountNumber,
      fromBankCode: slip.sender.bankCode ?? slip.sendingBank,
      fromAccount: slip.sender.account ?? '-',
      fromName: slip.sender.name,
    })
    switch (credit.outcome) {
      case 'CREDITED':
        return { status: 'CREDITED', reason: null, facts, depositId: credit.depositId }
      case 'ALREADY_CREDITED':
        return { status: 'CREDITED', reason: 'ALREADY_CREDITED', facts, depositId: credit.depositId }
      case 'CREDITED_TO_OTHER':
        return { status: 'REFUSED', reason: 'CREDITED_TO_OTHER', facts, depositId: credit.depositId }
      case 'REVIEW':
        return { status: 'MANUAL_REVIEW', reason: credit.reason, facts, depositId: credit.depositId }
    }
  }

  /**
   * Applies a verifier's answer to a check, in the caller's transaction, once: the row is locked and must still be
   * waiting for the answer to the attempt that was asked (`asked` attempts before it), else the other answer stands.
   */
  async function apply(tx: Db, id: number, asked: number, verdict: SlipVerdict): Promise<SlipCheckRow> {
    const check = await repo.checkById(tx, id, true)
    if (!check) throw new AppError('NOT_FOUND', msg('SLIP_NOT_FOUND'))
    if (check.status !== 'CHECKING' || check.attempts !== asked) return check
    const now = clock.now()
    const attempts = asked + 1
    const common = { attempts, updatedAt: now, nextAttemptAt: null, verifierCode: verdict.outcome === 'VERIFIED' ? null : verdict.code }
    if (verdict.outcome === 'VERIFIED') return repo.updateCheck(tx, id, { ...common, ...(await decide(tx, check, verdict.slip, now)) })
    if (verdict.outcome === 'NOT_FOUND') return repo.updateCheck(tx, id, { ...common, status: 'REFUSED', reason: 'NOT_FOUND' })
    // An unknown answer (NOT_YET, UNAVAILABLE): asked again later, then an operator's; never credited.
    const delay = SLIP_RETRY_DELAYS_MS[attempts - 1]
    if (delay === undefined) return repo.updateCheck(tx, id, { ...common, status: 'MANUAL_REVIEW', reason: 'VERIFIER_UNKNOWN' })
    return repo.updateCheck(tx, id, { ...common, nextAttemptAt: new Date(now.getTime() + delay) })
  }

  /** Asks the verifier about a check now (outside any transaction) and applies the answer in a transaction of its own. */
  async function attempt(check: SlipCheckRow): Promise<SlipCheckRow> {
    const verdict = await ask(check)
    return inTransaction(db, (tx) => apply(tx, check.id, check.attempts, verdict))
  }

  /** The retry job's attempt: an answer that cannot be applied (its transaction rolled back) is asked again later, not at every run. */
  async function retryOne(check: SlipCheckRow): Promise<void> {
    try {
      await attempt(check)
    } catch (error) {
      deps.onError?.(error)
      const later = new Date(clock.now().getTime() + LAST_RETRY_DELAY_MS)
      await repo.updateCheck(db, check.id, { nextAttemptAt: later, verifierCode: 'APPLY_FAILED', updatedAt: clock.now() })
    }
  }

  /** The retry job's asks still running after its transaction (`idle` waits for them). */
  const background = new Set<Promise<unknown>>()
  /** A check's lease while it is asked: past the longest call SLIP_VERIFIER_TIMEOUT_MS allows (up to a minute). */
  const leaseMs = Math.max(LEASE_MS, deps.verifyTimeoutMs + 10_000)

  async function audited(actor: AuditActor, id: number, action: 'slip.recheck' | 'slip.close', change: (tx: Db, check: SlipCheckRow) => Promise<SlipCheckRow>) {
    return inTransaction(db, async (tx) => {
      const check = await repo.checkById(tx, id, true)
      if (!check) throw new AppError('NOT_FOUND', msg('SLIP_NOT_FOUND'))
      if (check.status !== 'MANUAL_REVIEW') throw new AppError('CONFLICT', msg('SLIP_NOT_IN_REVIEW'))
      const after = await change(tx, check)
      await deps.auditRepository.record(tx, {
        actor,
        action,
        targetType: 'slip_check',
        targetId: String(id),
        before: { status: check.status, reason: check.reason },
        after: { status: after.status, note: after.closeNote },
        at: clock.now(),
      })
      return after
    })
  }

  return {
    /** Whether slips are checked here at all (SLIP_VERIFIER is not `none`). */
    enabled: deps.verifier !== null,

    /**
     * A player's slip: read, stored once per (player, slip), asked of the verifier, and decided. Sent again, the same
     * check answers as it stands (credited, refused, still checking). A text that is no slip is refused and stores nothing.
     */
    async submit(actor: Actor, payload: string): Promise<SlipCheck> {
      const text = payload.trim()
      const parsed = parseSlipPayload(text)
      if (!parsed.ok) throw new AppError('RULE_REFUSED', msg('SLIP_UNREADABLE'))
      if (!deps.verifier) throw new AppError('DEPENDENCY_DOWN', msg('SLIP_CHECK_OFF'))
      const slipKey = slipKeyOf(parsed.slip)
      const now = clock.now()
      const check = await repo.insertCheck(db, {
        playerId: actor.playerId,
        slipKey,
        payload: text,
        verifier: deps.verifier.name,
        status: 'CHECKING',
        attempts: 0,
        // The lease: the retry job leaves it to this request until then (a crash here is picked up after it).
        nextAttemptAt: new Date(now.getTime() + leaseMs),
        createdAt: now,
        updatedAt: now,
      })
      if (!check) {
        const earlier = await repo.checkOf(db, actor.playerId, slipKey)
        if (!earlier) throw new AppError('CONFLICT')
        return toSlipCheck(earlier)
      }
      return toSlipCheck(await attempt(check))
    },

    /**
     * The retry job's work, in its transaction: each check whose next attempt is due is asked again, and its answer
     * applied in a savepoint of its own (one failing credit leaves the others). Answers how many were asked.
     */
    async retryDue(tx: Db): Promise<number> {
      if (!deps.verifier) return 0
      const now = clock.now()
      const due = await repo.dueChecks(tx, now, RETRY_BATCH)
      // Leased in the job's transaction, asked one after another once it has committed: no transaction (on the embedded
      // database, its one connection) is held while a verifier answers. Each lease covers the asks before it.
      for (const [i, check] of due.entries())
        await repo.updateCheck(tx, check.id, { nextAttemptAt: new Date(now.getTime() + (i + 1) * leaseMs), updatedAt: now })
      afterCommit(tx, () => {
        const work = (async () => {
          for (const check of due) await retryOne(check)
        })().catch((error) => deps.onError?.(error))
        background.add(work)
        void work.finally(() => background.delete(work))
      })
      return due.length
    },

    /** Waits for the retries the job left running after its transaction (the tests wait for them with it). */
    async idle() {
      while (background.size > 0) await Promise.allSettled([...background])
    },

    /** The back-office's checks in one state, newest first. */
    async list(status: SlipCheckRow['status'], page: number) {
      const { rows, total } = await repo.page(db, status, page, PAGE_SIZE)
      return { list: rows.map((r) => toBackofficeSlipCheck(r.check, r.mobile)), page, size: PAGE_SIZE, total }
    },

    /**
     * An operator asks the verifier again about a check waiting for review: its answer decides by the same rules as
     * ever (one operator credits nothing by judgement; an unknown answer puts it back in review).
     */
    async recheck(actor: AuditActor, id: number): Promise<BackofficeSlipCheck> {
      const reopened = await audited(actor, id, 'slip.recheck', (tx, check) =>
        repo.updateCheck(tx, id, {
          status: 'CHECKING',
          reason: null,
          // Past the retries: an unknown answer now goes straight back to review.
          attempts: Math.max(check.attempts, SLIP_RETRY_DELAYS_MS.length),
          nextAttemptAt: new Date(clock.now().getTime() + leaseMs),
          updatedAt: clock.now(),
        }),
      )
      const after = await attempt(reopened)
      return toBackofficeSlipCheck(after, await repo.mobileOf(db, after.playerId))
    },

    /**
     * An operator closes a check waiting for review, with why: nothing is credited. Money a slip could not prove goes
     * through the deposit desk's manual deposit, which a second operator confirms (ADR 035).
     */
    async close(actor: AuditActor & { operatorId: number }, id: number, note: string): Promise<BackofficeSlipCheck> {
      const after = await audited(actor, id, 'slip.close', (tx) =>
        repo.updateCheck(tx, id, { status: 'CLOSED', closedBy: actor.operatorId, closeNote: note, nextAttemptAt: null, updatedAt: clock.now() }),
      )
      return toBackofficeSlipCheck(after, await repo.mobileOf(db, after.playerId))
    },
  }
}
export type SlipService = ReturnType<typeof createSlipService>
