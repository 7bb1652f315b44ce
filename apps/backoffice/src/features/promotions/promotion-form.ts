import type { Promotion, PromotionRuleInput, PromotionTerms } from '@sanam/contract'
import { bangkokWallTime, fromBangkokWallTime } from '@sanam/contract/bangkok'

/** The money rules of spec §3 the editor shows as an amount field each (baht; empty: no such rule). */
export const AMOUNT_RULES = ['MIN_DEPOSIT', 'MAX_DEPOSIT', 'MAX_BONUS', 'MIN_WITHDRAW', 'MAX_WITHDRAW'] as const
export type AmountRule = (typeof AMOUNT_RULES)[number]

/**
 * The editor's state, one field per rule type of spec §3. The member rules and the turnover rules exclude each other,
 * so each pair is one choice; amounts are text as typed (empty: no rule); prohibited game types and providers are
 * what was picked from the catalogue's lists. The schedule is Bangkok wall time (datetime-local), empty for open.
 */
export interface PromotionForm {
  title: string
  image: string
  creditType: 'FIXED' | 'PERCENT'
  credit: string
  member: 'ALL' | 'NEW_MEMBER' | 'OLD_MEMBER'
  turnover: 'NONE' | 'TURNOVER_BY_MUTIPLE' | 'TURNOVER_BY_CREDIT'
  turnoverValue: string
  amounts: Record<AmountRule, string>
  gameTypes: number[]
  providers: string[]
  startsAt: string
  endsAt: string
}

/** An instant as Bangkok wall time for a datetime-local field ('2026-12-01T09:00'). */
export const bangkokInput = (iso: string | null): string => (iso ? bangkokWallTime(new Date(iso)) : '')
/** A datetime-local value read as Bangkok wall time, as an ISO instant; null when empty. */
export const fromBangkokInput = (value: string): string | null => (value ? fromBangkokWallTime(value).toISOString() : null)

export const emptyForm = (): PromotionForm => ({
  title: '',
  image: '',
  creditType: 'FIXED',
  credit: '',
  member: 'ALL',
  turnover: 'NONE',
  turnoverValue: '',
  amounts: { MIN_DEPOSIT: '', MAX_DEPOSIT: '', MAX_BONUS: '', MIN_WITHDRAW: '', MAX_WITHDRAW: '' },
  gameTypes: [],
  providers: [],
  startsAt: '',
  endsAt: '',
})

type Terms = Pick<PromotionTerms, 'title' | 'image' | 'credit_given' | 'credit_given_type' | 'starts_at' | 'ends_at'> & {
  rules: ReadonlyArray<{ type: string; value: unknown }>
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value])

/** The form for terms the server gave (a published promotion or a pending version). */
export function formOf(terms: Terms): PromotionForm {
  const form = emptyForm()
  form.title = terms.title
  form.image = terms.image
  form.creditType = terms.credit_given_type
  form.credit = String(terms.credit_given)
  form.startsAt = bangkokInput(terms.starts_at)
  form.endsAt = bangkokInput(terms.ends_at)
  for (const rule of terms.rules) {
    if (rule.type === 'NEW_MEMBER' || rule.type === 'OLD_MEMBER') form.member = rule.type
    else if (rule.type === 'TURNOVER_BY_MUTIPLE' || rule.type === 'TURNOVER_BY_CREDIT') {
      form.turnover = rule.type
      form.turnoverValue = String(rule.value)
    } else if ((AMOUNT_RULES as readonly string[]).includes(rule.type)) form.amounts[rule.type as AmountRule] = String(rule.value)
    else if (rule.type === 'PROHIBITED_GAMES_TYPE') form.gameTypes = list(rule.value).map(Number)
    else if (rule.type === 'PROHIBITED_GAMES_PROVIDER') form.providers = list(rule.value).map(String)
  }
  return form
}

/** A number as typed; what is not a number is sent as it is, for the server to refuse with its Thai message. */
const numberOf = (text: string): number => Number(text.trim().replace(/,/g, ''))

/** The rules the form says, each of its own typed shape (the contract's discriminated union). */
export function rulesOf(form: PromotionForm): PromotionRuleInput[] {
  const rules: PromotionRuleInput[] = []
  if (form.member !== 'ALL') rules.push({ type: form.member, value: 1 })
  for (const type of AMOUNT_RULES) if (form.amounts[type].trim() !== '') rules.push({ type, value: numberOf(form.amounts[type]) })
  if (form.turnover !== 'NONE') rules.push({ type: form.turnover, value: numberOf(form.turnoverValue) })
  if (form.gameTypes.length > 0) rules.push({ type: 'PROHIBITED_GAMES_TYPE', value: [...form.gameTypes].sort((a, b) => a - b) })
  if (form.providers.length > 0) rules.push({ type: 'PROHIBITED_GAMES_PROVIDER', value: [...form.providers].sort() })
  return rules
}

/** The request body: the whole set of terms, one version. */
export function termsOf(form: PromotionForm): PromotionTerms {
  return {
    title: form.title.trim(),
    image: form.image,
    credit_given_type: form.creditType,
    credit_given: numberOf(form.credit),
    rules: rulesOf(form),
    starts_at: fromBangkokInput(form.startsAt),
    ends_at: fromBangkokInput(form.endsAt),
  }
}

/** The promotion as the player API would send it, for the preview (spec §3 shape). */
export function previewOf(form: PromotionForm): Promotion {
  const credit = numberOf(form.credit)
  return {
    id: 0,
    title: form.title.trim() || '–',
    image: form.image,
    credit_given: Number.isFinite(credit) ? credit : 0,
    credit_given_type: form.creditType,
    rules: rulesOf(form),
  }
}
