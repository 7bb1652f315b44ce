import {
  bahtToSatang,
  gameTypeNames,
  msg,
  type AdminPromotion,
  type PromotionChoices,
  type PromotionStatus,
  type PromotionTerms,
  type PromotionVersion,
} from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Clock } from '../../lib/clock.ts'
import type { AuditActor, AuditRepository } from '../audit/audit.repository.ts'
import { assertSecondOperator, withCanDecide, type Decider, type SeparateDuties } from '../approvals/money-policy.ts'
import type { GamesRepository } from '../games/games.repository.ts'
import type { NamedVersion, PromotionRow, PromotionsRepository, PromotionVersionRow } from './promotions.repository.ts'
import { creditGivenBaht, isLive } from './promotions.service.ts'

/** The terms as the tables keep them: credit in satang (FIXED) or hundredths of a percent (PERCENT). */
type StoredTerms = Pick<PromotionVersionRow, 'title' | 'image' | 'creditGivenType' | 'creditGiven' | 'rules' | 'startsAt' | 'endsAt'>

function stored(terms: PromotionTerms): StoredTerms {
  return {
    title: terms.title,
    image: terms.image,
    creditGivenType: terms.credit_given_type,
    // Both are 2-decimal numbers the contract checked: baht → satang, percent → hundredths of a percent.
    creditGiven: bahtToSatang(terms.credit_given),
    rules: terms.rules,
    startsAt: terms.starts_at ? new Date(terms.starts_at) : null,
    endsAt: terms.ends_at ? new Date(terms.ends_at) : null,
  }
}

function termsView(t: StoredTerms) {
  return {
    title: t.title,
    image: t.image,
    credit_given: creditGivenBaht(t.creditGivenType, t.creditGiven),
    credit_given_type: t.creditGivenType,
    rules: t.rules,
    starts_at: t.startsAt?.toISOString() ?? null,
    ends_at: t.endsAt?.toISOString() ?? null,
  }
}

/** What the audit log keeps of a set of terms: what a player would be offered, in the API's units. */
const auditTerms = (t: StoredTerms | undefined) => (t ? termsView(t) : null)

/** `operatorId` as the operator who would publish the pending version `version` (ADR 075). */
const decider = (version: { proposedBy: number | null }, operatorId: number, at: Date): Decider => ({
  firstId: version.proposedBy,
  secondId: operatorId,
  at,
  action: 'promotion',
})

function versionView({ version: v, proposedBy, decidedBy }: NamedVersion): PromotionVersion {
  return {
    ...termsView(v),
    id: v.id,
    promotion_id: v.promotionId,
    number: v.number,
    status: v.status,
    proposed_by: proposedBy,
    proposed_at: v.proposedAt.toISOString(),
    decided_by: decidedBy,
    decided_at: v.decidedAt?.toISOString() ?? null,
    note: v.decisionNote,
  }
}

/** Where a promotion stands at `now`. */
export function promotionStatus(row: PromotionRow, hasPending: boolean, now: Date): PromotionStatus {
  if (row.versionId === null) return hasPending ? 'pending' : 'draft'
  if (!row.active) return 'disabled'
  if (isLive(row, now)) return 'published'
  return row.startsAt && row.startsAt.getTime() > now.getTime() ? 'scheduled' : 'ended'
}

export interface PromotionsAdminDeps {
  db: Db
  clock: Clock
  promotionsRepository: Pick<
    PromotionsRepository,
    'listAll' | 'find' | 'insert' | 'update' | 'findVersion' | 'namedVersions' | 'insertVersion' | 'decideVersion'
  >
  gamesRepository: Pick<GamesRepository, 'providers'>
}

/**
 * The checks every set of terms passes beyond the contract: prohibited providers are codes of the catalogue (picked
 * from it, never typed). Game types are spec §3's numbers, which the contract checks.
 */
async function checkCatalogue(tx: Db, deps: Pick<PromotionsAdminDeps, 'gamesRepository'>, rules: PromotionTerms['rules']) {
  const wanted = rules.flatMap((r) => (r.type === 'PROHIBITED_GAMES_PROVIDER' ? r.value : []))
  if (wanted.length === 0) return
  const known = new Set((await deps.gamesRepository.providers(tx)).map((p) => p.code))
  const unknown = wanted.filter((code) => !known.has(code))
  if (unknown.length > 0) {
    const message = msg('PROMOTION_UNKNOWN_PROVIDER', { codes: unknown.join(', ') })
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'rules', message }])
  }
}

/** Copies a published version's terms onto its promotion, which players then see. */
const publishedPatch = (v: PromotionVersionRow) => ({
  title: v.title,
  image: v.image,
  creditGivenType: v.creditGivenType,
  creditGiven: v.creditGiven,
  rules: v.rules,
  startsAt: v.startsAt,
  endsAt: v.endsAt,
  versionId: v.id,
  active: true,
})

/**
 * The back-office promotions editor (issue 20 §1). Any change of terms (title, image, credit, rules, schedule) is a
 * PENDING version until a second operator holding money.decide publishes it (four eyes: nobody alone makes Sanam pay
 * more); disabling pays less and takes effect at once. A player's running promotion keeps the version it was granted
 * under (player_promotions keeps its version, rules, bonus and turnover target). Every step writes an audit row.
 */
export function createPromotionsAdminService(
  deps: PromotionsAdminDeps & {
    auditRepository: Pick<AuditRepository, 'record'>
    separateDuties: SeparateDuties
  },
) {
  const { db, clock, promotionsRepository: repo, auditRepository, separateDuties } = deps

  async function named(tx: Db, id: number): Promise<PromotionVersion> {
    const [row] = await repo.namedVersions(tx, { ids: [id], pendingOf: [] })
    return versionView(row!)
  }

  async function view(tx: Db, row: PromotionRow): Promise<AdminPromotion> {
    return (await list(tx, [row]))[0]!
  }

  /** The promotions as the list shows them; with `operatorId`, each pending version says whether it may publish it now (ADR 075). */
  async function list(tx: Db, rows: PromotionRow[], operatorId?: number): Promise<AdminPromotion[]> {
    const versions = await repo.namedVersions(tx, {
      ids: rows.flatMap((r) => (r.versionId === null ? [] : [r.versionId])),
      pendingOf: rows.map((r) => r.id),
    })
    const byId = new Map(versions.map((v) => [v.version.id, v]))
    const pending = new Map(versions.filter((v) => v.version.status === 'PENDING').map((v) => [v.version.promotionId, v]))
    const now = clock.now()
    const proposals = rows.flatMap((row) => {
      const proposal = pending.get(row.id)
      return proposal ? [proposal] : []
    })
    const answered = await withCanDecide(tx, separateDuties, proposals, (proposal) =>
      operatorId === undefined ? undefined : decider(proposal.version, operatorId, now),
    )
    const pendingViews = new Map(answered.map((a, i) => [proposals[i]!.version.promotionId, a]))
    const views: AdminPromotion[] = rows.map((row) => {
      const live = row.versionId === null ? undefined : byId.get(row.versionId)
      const proposal = pendingViews.get(row.id)
      return {
        ...termsView(row),
        id: row.id,
        status: promotionStatus(row, proposal !== undefined, now),
        version: live ? { id: live.version.id, number: live.version.number } : null,
        pending: proposal ? { ...versionView(proposal), ...('can_decide' in proposal ? { can_decide: proposal.can_decide } : {}) } : null,
      }
    })
    return views
  }

  /** A new PENDING version of `promotion` (replacing a pending one), with its audit row. */
  async function propose(tx: Db, actor: AuditActor, promotion: PromotionRow, terms: PromotionTerms) {
    await checkCatalogue(tx, deps, terms.rules)
    const at = clock.now()
    const [previous] = await repo.namedVersions(tx, { ids: [], pendingOf: [promotion.id] })
    if (previous) await repo.decideVersion(tx, previous.version.id, { status: 'REPLACED', decidedBy: actor.operatorId, decidedAt: at, decisionNote: null })
    const version = await repo.insertVersion(tx, {
      promotionId: promotion.id,
      ...stored(terms),
      status: 'PENDING',
      proposedBy: actor.operatorId,
      proposedAt: at,
    })
    await auditRepository.record(tx, {
      actor,
      action: 'promotion.propose',
      targetType: 'promotion',
      targetId: String(promotion.id),
      before: promotion.versionId === null ? null : { version_id: promotion.versionId, ...auditTerms(promotion) },
      after: { version_id: version.id, number: version.number, replaces: previous?.version.id ?? null, ...auditTerms(version) },
      at,
    })
    return named(tx, version.id)
  }

  /** The PENDING version `id`, locked with its promotion (the promotion first, as proposals lock it). */
  async function lockedPending(tx: Db, id: number) {
    const peek = await repo.findVersion(tx, id)
    if (!peek) throw new AppError('NOT_FOUND', msg('PROMOTION_VERSION_NOT_FOUND'))
    const promotion = (await repo.find(tx, peek.promotionId, true))!
    const version = (await repo.findVersion(tx, id, true))!
    if (version.status !== 'PENDING') throw new AppError('CONFLICT', msg('PROMOTION_VERSION_DECIDED'))
    return { promotion, version }
  }

  return {
    /** Every promotion; with `operatorId` (the back-office list), each pending version says whether it may publish it now. */
    async list(operatorId?: number): Promise<AdminPromotion[]> {
      return list(db, await repo.listAll(db), operatorId)
    },

    async choices(): Promise<PromotionChoices> {
      const providers = await deps.gamesRepository.providers(db)
      return {
        providers: providers.map((p) => ({ code: p.code, title: p.title })),
        game_types: Object.entries(gameTypeNames).map(([number, name]) => ({ number: Number(number), name })),
      }
    },

    /**
     * The demo seed's entry point (issue 19 §5): a promotion published at once, proposed and approved by the system
     * (no operator), through the same checks and tables as the editor, in one transaction, audited as the system's.
     */
    async seedPublished(terms: PromotionTerms, sort: number): Promise<PromotionVersion> {
      return inTransaction(db, async (tx) => {
        await checkCatalogue(tx, deps, terms.rules)
        const at = clock.now()
        const promotion = await repo.insert(tx, { ...stored(terms), active: false, sort, createdAt: at })
        const version = await repo.insertVersion(tx, { promotionId: promotion.id, ...stored(terms), status: 'PENDING', proposedAt: at })
        const published = (await repo.decideVersion(tx, version.id, { status: 'PUBLISHED', decidedBy: null, decidedAt: at, decisionNote: null }))!
        await repo.update(tx, promotion.id, publishedPatch(published))
        await auditRepository.record(tx, {
          actor: null,
          action: 'promotion.seed',
          targetType: 'promotion',
          targetId: String(promotion.id),
          after: { version_id: published.id, number: published.number, active: true, ...auditTerms(published) },
          at,
        })
        return named(tx, published.id)
      })
    },

    /** A new promotion: unseen by players (inactive, unpublished) with its first version PENDING. */
    async create(actor: AuditActor, terms: PromotionTerms): Promise<PromotionVersion> {
      return inTransaction(db, async (tx) => {
        await checkCatalogue(tx, deps, terms.rules)
        const promotion = await repo.insert(tx, { ...stored(terms), active: false, sort: 0, createdAt: clock.now() })
        return propose(tx, actor, promotion, terms)
      })
    },

    /** New terms for an existing promotion: a PENDING version; players keep seeing the published one until then. */
    async propose(actor: AuditActor, promotionId: number, terms: PromotionTerms): Promise<PromotionVersion> {
      return inTransaction(db, async (tx) => {
        const promotion = await repo.find(tx, promotionId, true)
        if (!promotion) throw new AppError('NOT_FOUND', msg('PROMOTION_NOT_FOUND'))
        return propose(tx, actor, promotion, terms)
      })
    },

    /**
     * A second operator publishes version `id`: not its author, and the pair may decide money together (ADR 036).
     * Names the version, so a proposal replaced meanwhile is refused (409) rather than publishing what was not read.
     */
    async publish(actor: AuditActor, id: number): Promise<PromotionVersion> {
      return inTransaction(db, async (tx) => {
        const { promotion, version } = await lockedPending(tx, id)
        const at = clock.now()
        await assertSecondOperator(tx, separateDuties, decider(version, actor.operatorId, at))
        // The catalogue may have changed since the proposal.
        await checkCatalogue(tx, deps, version.rules as PromotionTerms['rules'])
        const published = (await repo.decideVersion(tx, id, { status: 'PUBLISHED', decidedBy: actor.operatorId, decidedAt: at, decisionNote: null }))!
        await repo.update(tx, promotion.id, publishedPatch(published))
        await auditRepository.record(tx, {
          actor,
          action: 'promotion.publish',
          targetType: 'promotion',
          targetId: String(promotion.id),
          before: { version_id: promotion.versionId, active: promotion.active, ...(promotion.versionId === null ? {} : auditTerms(promotion)) },
          after: { version_id: published.id, number: published.number, proposed_by: published.proposedBy, active: true, ...auditTerms(published) },
          at,
        })
        return named(tx, id)
      })
    },

    /** Any money operator may reject a pending version (its author included: a withdrawn proposal pays nothing). */
    async reject(actor: AuditActor, id: number, reason: string): Promise<PromotionVersion> {
      return inTransaction(db, async (tx) => {
        const { promotion, version } = await lockedPending(tx, id)
        const at = clock.now()
        await repo.decideVersion(tx, id, { status: 'REJECTED', decidedBy: actor.operatorId, decidedAt: at, decisionNote: reason })
        await auditRepository.record(tx, {
          actor,
          action: 'promotion.reject',
          targetType: 'promotion',
          targetId: String(promotion.id),
          before: { version_id: version.id, number: version.number, status: 'PENDING' },
          after: { version_id: version.id, number: version.number, status: 'REJECTED', reason },
          at,
        })
        return named(tx, id)
      })
    },

    /** Off at once for new claims, by one operator (it pays less); players who hold it keep it. */
    async disable(actor: AuditActor, id: number, reason: string): Promise<AdminPromotion> {
      return inTransaction(db, async (tx) => {
        const promotion = await repo.find(tx, id, true)
        if (!promotion) throw new AppError('NOT_FOUND', msg('PROMOTION_NOT_FOUND'))
        if (!promotion.active) throw new AppError('CONFLICT', msg('PROMOTION_ALREADY_DISABLED'))
        const at = clock.now()
        const updated = await repo.update(tx, id, { active: false })
        await auditRepository.record(tx, {
          actor,
          action: 'promotion.disable',
          targetType: 'promotion',
          targetId: String(id),
          before: { active: true, version_id: promotion.versionId },
          after: { active: false, version_id: promotion.versionId, reason },
          at,
        })
        return view(tx, updated)
      })
    },
  }
}
export type PromotionsAdminService = ReturnType<typeof createPromotionsAdminService>
