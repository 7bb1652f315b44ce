import { msg, satangToBaht, type AnswerCarePromptBody, type CarePrompt, type ReviewEveryMonths } from '@sanam/contract'
import type { Db } from '../../db/client.ts'
import { inTransaction } from '../../db/transaction.ts'
import { AppError } from '../../errors.ts'
import type { Actor } from '../../lib/actor.ts'
import type { Clock } from '../../lib/clock.ts'
import type { CareRepository } from './care.repository.ts'
import { DEFAULT_REVIEW_MONTHS, duePrompt, type DuePrompt } from './prompt-rules.ts'

const months = (n: number | null): ReviewEveryMonths => (n === 1 || n === 3 || n === 6 ? n : DEFAULT_REVIEW_MONTHS)

/**
 * The RTS 12 prompts (issue 39 §3, ADR 090): which one the player app shows now (the server decides, from the injected
 * clock: prompt-rules.ts), and the player's answer, recorded once per period with its time. Setting a limit is the
 * limits module's flow; this only records that the prompt was answered by one.
 */
export function createCarePromptService(deps: {
  db: Db
  clock: Clock
  careRepository: Pick<CareRepository, 'promptFacts' | 'reviewFigures' | 'answer' | 'setCadence' | 'lockPlayer'>
}) {
  const { db, clock, careRepository: repo } = deps

  /**
   * The prompt due at `now`. `limitJustSet`: as it was before the player set the deposit limit they answer it with (a
   * limit prompt is no longer due once a limit is in force, but "limit set" is its answer).
   */
  async function due(
    tx: Db,
    playerId: number,
    now: Date,
    limitJustSet = false,
  ): Promise<{ prompt: DuePrompt | null; hasDepositLimit: boolean; everyMonths: ReviewEveryMonths }> {
    const facts = await repo.promptFacts(tx, playerId)
    if (!facts) throw new AppError('UNAUTHORIZED')
    const everyMonths = months(facts.everyMonths)
    const prompt = duePrompt({ ...facts, hasDepositLimit: facts.hasDepositLimit && !limitJustSet, reviewEveryMonths: everyMonths }, now)
    return { prompt, hasDepositLimit: facts.hasDepositLimit, everyMonths }
  }

  async function view(tx: Db, playerId: number, now: Date): Promise<CarePrompt> {
    const { prompt, everyMonths } = await due(tx, playerId, now)
    if (!prompt) return { prompt: null }
    let figures = null
    if (prompt.kind === 'ACCOUNT_REVIEW') {
      const f = await repo.reviewFigures(tx, playerId, prompt.from, now)
      figures = {
        deposits: satangToBaht(f.deposits),
        withdrawals: satangToBaht(f.withdrawals),
        net: satangToBaht(f.deposits - f.withdrawals),
        game_result: satangToBaht(f.gameResult),
        days_played: f.daysPlayed,
        time_played_minutes: null,
      }
    }
    return { prompt: { kind: prompt.kind, period: prompt.period.toISOString(), from: prompt.from.toISOString(), figures, every_months: everyMonths } }
  }

  return {
    /** The prompt due for the player now, or null. */
    prompt: (actor: Actor) => view(db, actor.playerId, clock.now()),

    /**
     * Records the player's answer to the prompt due now and answers the next one (or null). A prompt that is not due
     * (answered already in this period, or another kind) is refused and nothing is recorded; "limit set" only once a
     * deposit limit is in force; a decline only with its second confirmation (the contract requires `confirmed`).
     */
    answer(actor: Actor, body: AnswerCarePromptBody) {
      return inTransaction(db, async (tx) => {
        await repo.lockPlayer(tx, actor.playerId)
        const now = clock.now()
        const { prompt, hasDepositLimit } = await due(tx, actor.playerId, now, body.answer === 'LIMIT_SET')
        if (!prompt || prompt.kind !== body.kind) throw new AppError('RULE_REFUSED', msg('CARE_PROMPT_NOT_DUE'))
        if (body.answer === 'LIMIT_SET' && !hasDepositLimit) throw new AppError('RULE_REFUSED', msg('CARE_NO_DEPOSIT_LIMIT'))
        await repo.answer(tx, {
          playerId: actor.playerId,
          kind: prompt.kind,
          period: prompt.period,
          answer: body.answer,
          confirmedAt: body.answer === 'DECLINED' ? now : null,
          answeredAt: now,
        })
        if (body.answer === 'REVIEWED') await repo.setCadence(tx, actor.playerId, body.every_months, now)
        return { data: await view(tx, actor.playerId, now), message: msg(body.answer === 'DECLINED' ? 'CARE_DECLINED' : 'CARE_ANSWERED') }
      })
    },
  }
}
export type CarePromptService = ReturnType<typeof createCarePromptService>
