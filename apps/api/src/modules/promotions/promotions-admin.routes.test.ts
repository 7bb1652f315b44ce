import { eq } from 'drizzle-orm'
import { promotionRules, type AdminPromotion, type PromotionTerms } from '@sanam/contract'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/app.ts'
import { balanceOf, signedInPlayer, takePromotion } from '../../../test/money.ts'
import { signInOperator, type SignedInOperator } from '../../../test/operators.ts'
import { playerPromotions, promotions } from '../../db/schema.ts'

// Issue 20 §1: the promotions editor. Terms are validated by the contract per rule type; a new promotion and every
// edit is a pending version a second money operator publishes; disabling is immediate; the schedule is honoured by
// the player's list and the claim on the injected clock; a claim keeps the version it was granted under.

const t = useTestApp({ verifyLedger: 'end' })

const HOUR = 3_600_000

/** Terms with every rule type of spec §3 that can go together (one member rule, one turnover rule). */
const terms = (overrides: Partial<PromotionTerms> = {}): PromotionTerms => ({
  title: `โปรทดสอบ ${crypto.randomUUID().slice(0, 6)}`,
  image: '/media/site/logo.svg',
  credit_given_type: 'FIXED',
  credit_given: 100,
  rules: promotionRules({
    NEW_MEMBER: 1,
    MIN_DEPOSIT: 100,
    MAX_DEPOSIT: 5000,
    MAX_BONUS: 500,
    TURNOVER_BY_MUTIPLE: 2,
    MIN_WITHDRAW: 100,
    MAX_WITHDRAW: 3000,
    PROHIBITED_GAMES_TYPE: [4, 10],
    PROHIBITED_GAMES_PROVIDER: ['sbo', 'evo'],
  }),
  starts_at: null,
  ends_at: null,
  ...overrides,
})

const create = (op: SignedInOperator, body: unknown) => t.post('/api/backoffice/promotions', body as object, op.token)
const propose = (op: SignedInOperator, id: number, body: unknown) => t.post(`/api/backoffice/promotions/${id}/versions`, body as object, op.token)
const publish = (op: SignedInOperator, versionId: number) => t.post(`/api/backoffice/promotion-versions/${versionId}/publish`, undefined, op.token)
const list = async (op: SignedInOperator) => (await t.get('/api/backoffice/promotions', op.token)).json().data.list as AdminPromotion[]
const playerList = async (token: string) => ((await t.get('/api/promotion', token)).json().data.list as Array<{ id: number }>).map((p) => p.id)
const draft = (token: string, amount: number, promotion: number) => t.post('/api/wallet/deposit/draft_bill', { amount, promotion }, token)

/** A promotion proposed by one finance operator and published by another; answers its id and both operators. */
async function published(body: PromotionTerms = terms()) {
  const author = await signInOperator(t, 'finance')
  const checker = await signInOperator(t, 'finance')
  const version = (await create(author, body)).json().data
  const res = await publish(checker, version.id)
  expect(res.statusCode, res.body).toBe(200)
  return { id: version.promotion_id as number, versionId: version.id as number, author, checker }
}

describe('promotions editor: validation', () => {
  it('takes every rule type typed, and refuses wrong types, huge values, unknown types and ids with a Thai message, changing nothing', async () => {
    const op = await signInOperator(t, 'finance')
    const before = (await list(op)).length
    const bad: Array<[string, unknown]> = [
      ['amount as text', terms({ rules: [{ type: 'MIN_DEPOSIT', value: '100' as never }] })],
      ['huge amount', terms({ rules: [{ type: 'MAX_BONUS', value: 1e12 }] })],
      ['three decimals', terms({ rules: [{ type: 'MIN_WITHDRAW', value: 1.005 }] })],
      ['negative amount', terms({ rules: [{ type: 'TURNOVER_BY_CREDIT', value: -1 }] })],
      ['huge multiple', terms({ rules: [{ type: 'TURNOVER_BY_MUTIPLE', value: 1e6 }] })],
      ['member rule not 1', terms({ rules: [{ type: 'OLD_MEMBER', value: 2 as never }] })],
      ['unknown rule type', terms({ rules: [{ type: 'FREE_MONEY', value: 1 } as never] })],
      ['game type not in spec', terms({ rules: [{ type: 'PROHIBITED_GAMES_TYPE', value: [99] }] })],
      ['game type as text', terms({ rules: [{ type: 'PROHIBITED_GAMES_TYPE', value: 'slot' as never }] })],
      ['provider not in catalogue', terms({ rules: [{ type: 'PROHIBITED_GAMES_PROVIDER', value: ['no-such-studio'] }] })],
      ['provider typed free text', terms({ rules: [{ type: 'PROHIBITED_GAMES_PROVIDER', value: ['<b>x</b>'] }] })],
      [
        'same rule twice',
        terms({
          rules: [
            { type: 'MIN_DEPOSIT', value: 100 },
            { type: 'MIN_DEPOSIT', value: 200 },
          ],
        }),
      ],
      [
        'both member rules',
        terms({
          rules: promotionRules({ NEW_MEMBER: 1, OLD_MEMBER: 1 }),
        }),
      ],
      [
        'min deposit above max',
        terms({
          rules: promotionRules({ MIN_DEPOSIT: 500, MAX_DEPOSIT: 100 }),
        }),
      ],
      ['percent above 500', terms({ credit_given_type: 'PERCENT', credit_given: 501 })],
      ['credit as text', terms({ credit_given: '100' as never })],
      ['image from elsewhere', terms({ image: 'https://evil.example/banner.png' })],
      ['empty title', terms({ title: '  ' })],
      ['ends before it starts', terms({ starts_at: '2026-12-02T00:00:00.000Z', ends_at: '2026-12-01T00:00:00.000Z' })],
      ['unknown field', { ...terms(), sort: 1 }],
      ['missing rules', { ...terms(), rules: undefined }],
    ]
    for (const [name, body] of bad) {
      const res = await create(op, body)
      expect(res.statusCode, name).toBe(400)
      expect(res.json().message, name).toMatch(/[\u0E00-\u0E7F]/)
    }
    expect((await create(op, terms({ rules: [{ type: 'PROHIBITED_GAMES_PROVIDER', value: ['no-such-studio'] }] }))).json().message).toBe(
      'ไม่พบค่ายเกมในระบบ: no-such-studio กรุณาเลือกจากรายการ',
    )
    expect(await list(op)).toHaveLength(before)

    // Every rule type, each in a promotion it fits.
    for (const body of [
      terms(),
      terms({
        credit_given_type: 'PERCENT',
        credit_given: 12.5,
        rules: promotionRules({ OLD_MEMBER: 1, TURNOVER_BY_CREDIT: 1000 }),
      }),
    ]) {
      const res = await create(op, body)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data).toMatchObject({ status: 'PENDING', number: 1, credit_given: body.credit_given, rules: body.rules, proposed_by: op.username })
    }
    const choices = (await t.get('/api/backoffice/promotions/choices', op.token)).json().data
    expect(choices.providers).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'sbo' })]))
    expect(choices.game_types).toContainEqual({ number: 4, name: 'ยิงปลา' })
  })
})

describe('promotions editor: four eyes', () => {
  it('a new promotion is unseen until a second money operator publishes it; its author, support and an owner cannot', async () => {
    const author = await signInOperator(t, 'finance')
    const owner = await signInOperator(t, 'owner')
    const support = await signInOperator(t, 'support')
    const checker = await signInOperator(t, 'finance')
    expect((await create(support, terms())).statusCode).toBe(403)
    const version = (await create(owner, terms())).json().data
    const player = await signedInPlayer(t)
    expect(await playerList(player.token)).not.toContain(version.promotion_id)
    expect((await draft(player.token, 300, version.promotion_id)).statusCode).toBe(422)
    expect((await list(owner)).find((p) => p.id === version.promotion_id)).toMatchObject({ status: 'pending', version: null, pending: { id: version.id } })

    expect((await publish(owner, version.id)).statusCode).toBe(403)
    expect((await publish(support, version.id)).statusCode).toBe(403)
    // A finance author of its own proposal: refused, whatever its role.
    const own = (await create(author, terms())).json().data
    const self = await publish(author, own.id)
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({ code: 'FOUR_EYES_SAME_OPERATOR', message: 'คุณเป็นผู้เสนอรายการนี้เอง จึงเผยแพร่โปรโมชั่นเองไม่ได้ รอฝ่ายการเงินอีกคนที่ไม่ใช่ผู้เสนอ' })

    const res = await publish(checker, version.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ status: 'PUBLISHED', proposed_by: owner.username, decided_by: checker.username })
    expect(await playerList(player.token)).toContain(version.promotion_id)
    expect((await list(owner)).find((p) => p.id === version.promotion_id)).toMatchObject({
      status: 'published',
      version: { id: version.id, number: 1 },
      pending: null,
    })
    // Published once is published: again is a conflict.
    expect((await publish(author, version.id)).statusCode).toBe(409)

    const audit = (await t.get(`/api/backoffice/audit?action=promotion.publish&target_id=${version.promotion_id}`, checker.token)).json().data.list
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      operator_username: checker.username,
      before: { version_id: null, active: false },
      after: { version_id: version.id, active: true, credit_given: 100, credit_given_type: 'FIXED', title: version.title },
    })
  })

  it('an edit is pending while players keep the published terms; publishing a replaced version is refused (409); a rejection is recorded', async () => {
    const { id, author, checker } = await published(terms({ title: 'ฉบับแรก' }))
    const first = (await propose(author, id, terms({ title: 'ฉบับสอง', credit_given: 5000 }))).json().data
    const second = (await propose(author, id, terms({ title: 'ฉบับสาม', credit_given: 200 }))).json().data
    expect(second).toMatchObject({ number: 3, status: 'PENDING' })
    const player = await signedInPlayer(t)
    const offered = ((await t.get('/api/promotion', player.token)).json().data.list as Array<{ id: number; title: string }>).find((p) => p.id === id)
    expect(offered?.title).toBe('ฉบับแรก')

    // The checker read version 2 (5000 baht), but the author replaced it meanwhile: publishing what was read is refused.
    const stale = await publish(checker, first.id)
    expect(stale.statusCode).toBe(409)
    expect(stale.json().message).toBe('ฉบับแก้ไขนี้ถูกเผยแพร่ ปฏิเสธ หรือมีฉบับใหม่กว่ามาแทนแล้ว กรุณาโหลดรายการใหม่')
    const rejected = await t.post(`/api/backoffice/promotion-versions/${second.id}/reject`, { reason: 'โบนัสสูงเกินงบ' }, checker.token)
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', note: 'โบนัสสูงเกินงบ', decided_by: checker.username })
    expect((await list(checker)).find((p) => p.id === id)).toMatchObject({ status: 'published', title: 'ฉบับแรก', pending: null })

    const audit = (await t.get(`/api/backoffice/audit?target_id=${id}&action=promotion.propose`, checker.token)).json().data.list
    expect(audit.map((a: { after: { number: number } }) => a.after.number).sort()).toEqual([1, 2, 3])
    expect(audit.find((a: { after: { number: number } }) => a.after.number === 3)).toMatchObject({
      before: { title: 'ฉบับแรก', credit_given: 100 },
      after: { title: 'ฉบับสาม', credit_given: 200, replaces: first.id },
    })
    const reject = (await t.get(`/api/backoffice/audit?target_id=${id}&action=promotion.reject`, checker.token)).json().data.list
    expect(reject[0]).toMatchObject({ before: { status: 'PENDING' }, after: { status: 'REJECTED', reason: 'โบนัสสูงเกินงบ' } })
  })

  it('one operator disables at once: players no longer see or claim it; the audit keeps before and after', async () => {
    const { id, author } = await published()
    const player = await signedInPlayer(t)
    const owner = await signInOperator(t, 'owner')
    const res = await t.post(`/api/backoffice/promotions/${id}/disable`, { reason: 'หมดงบ' }, owner.token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.status).toBe('disabled')
    expect(await playerList(player.token)).not.toContain(id)
    expect((await draft(player.token, 300, id)).statusCode).toBe(422)
    expect((await t.post(`/api/backoffice/promotions/${id}/disable`, { reason: 'ซ้ำ' }, author.token)).statusCode).toBe(409)
    const audit = (await t.get(`/api/backoffice/audit?target_id=${id}&action=promotion.disable`, owner.token)).json().data.list
    expect(audit[0]).toMatchObject({ operator_username: owner.username, before: { active: true }, after: { active: false, reason: 'หมดงบ' } })
  })
})

describe('promotions editor: schedule and versions players hold', () => {
  it('the player list and the claim honour starts_at and ends_at on the clock', async () => {
    const now = t.clock.now().getTime()
    const { id } = await published(terms({ starts_at: new Date(now + 2 * HOUR).toISOString(), ends_at: new Date(now + 4 * HOUR).toISOString() }))
    const early = await signedInPlayer(t)
    expect(await playerList(early.token)).not.toContain(id)
    expect((await draft(early.token, 300, id)).statusCode).toBe(422)
    const op = await signInOperator(t, 'finance')
    expect((await list(op)).find((p) => p.id === id)?.status).toBe('scheduled')

    t.clock.advance(2 * HOUR)
    const onTime = await signedInPlayer(t)
    expect(await playerList(onTime.token)).toContain(id)
    await takePromotion(t, onTime, id, 300)
    expect(await balanceOf(t, onTime.token)).toBe(400)

    t.clock.advance(2 * HOUR)
    const late = await signedInPlayer(t)
    expect(await playerList(late.token)).not.toContain(id)
    expect((await draft(late.token, 300, id)).statusCode).toBe(422)
    expect((await list(await signInOperator(t, 'finance'))).find((p) => p.id === id)?.status).toBe('ended')
  })

  it('an edit after a claim leaves the holder on the old terms; a new claimant gets the new ones', async () => {
    const v1 = terms({
      title: 'ฉบับเดิม',
      credit_given: 100,
      rules: promotionRules({ TURNOVER_BY_MUTIPLE: 2, MAX_WITHDRAW: 3000 }),
    })
    const { id, versionId, author, checker } = await published(v1)
    const holder = await signedInPlayer(t)
    await takePromotion(t, holder, id, 300)

    const v2 = terms({
      title: 'ฉบับใหม่',
      credit_given: 50,
      rules: promotionRules({ TURNOVER_BY_MUTIPLE: 10, PROHIBITED_GAMES_PROVIDER: ['sbo'] }),
    })
    const edit = (await propose(author, id, v2)).json().data
    expect((await publish(checker, edit.id)).statusCode).toBe(200)

    const newcomer = await signedInPlayer(t)
    await takePromotion(t, newcomer, id, 300)

    const held = (await t.get('/api/user/@me', holder.token)).json().data.promotion.info
    expect(held).toMatchObject({ title: 'ฉบับเดิม', credit_given: 100, turnover: { type: 'TURNOVER', total: 600 } })
    const fresh = (await t.get('/api/user/@me', newcomer.token)).json().data.promotion.info
    expect(fresh).toMatchObject({ title: 'ฉบับใหม่', credit_given: 50, turnover: { type: 'TURNOVER', total: 3000 } })
    expect(await balanceOf(t, holder.token)).toBe(400)
    expect(await balanceOf(t, newcomer.token)).toBe(350)

    // The holder's rules are still the first version's: sbo stays open to them, closed to the newcomer.
    const lobby = (token: string) => t.post('/api/portal/lobby', { provider_id: 'sbo', lang: 'th' }, token)
    expect((await lobby(holder.token)).statusCode).toBe(200)
    expect((await lobby(newcomer.token)).statusCode).toBe(422)

    const [row] = await t.db.select().from(promotions).where(eq(promotions.id, id))
    expect(row!.versionId).toBe(edit.id)
    const claims = await t.db.select().from(playerPromotions).where(eq(playerPromotions.promotionId, id))
    expect(claims.find((p) => p.playerId === holder.id)).toMatchObject({ versionId, bonus: 10_000n, turnoverTarget: 60_000n })
    expect(claims.find((p) => p.playerId === newcomer.id)).toMatchObject({ versionId: edit.id, bonus: 5_000n, turnoverTarget: 300_000n })
  })
})
