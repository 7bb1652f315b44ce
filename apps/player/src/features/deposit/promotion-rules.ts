/**
 * A promotion's rules in Thai (spec §3 Promotion rule types), for the deposit screen's promotion modal. Values
 * come from the API as the contract's `unknown`: each is read defensively, lists are joined, and a rule this app
 * does not know (or a known one with a value it cannot read) is shown as its type and value rather than hidden.
 */
import type { PromotionRule } from '@sanam/contract/promotions/rules'
import { formatNumber } from '@sanam/web-shared/format'
import { t, type MessageKey } from '../../lib/i18n/index.ts'

function numeric(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null
}

function items(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value]
}

/** Spec §3 game type numbers: 1 สล็อต … 11 คาสิโนเสมือน, others 'ประเภท N'; a name (SLOT) is shown as it is. */
function gameTypeLabel(value: unknown): string {
  const n = numeric(value)
  if (n !== null && Number.isInteger(n)) return n >= 1 && n <= 11 ? t(`gameType.${n}` as MessageKey) : t('gameType.other', { n })
  return raw(value)
}

function raw(value: unknown): string {
  if (Array.isArray(value)) return value.map(raw).join(', ')
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}

const amountRules = ['TURNOVER_BY_CREDIT', 'MIN_DEPOSIT', 'MAX_DEPOSIT', 'MIN_WITHDRAW', 'MAX_WITHDRAW', 'MAX_BONUS'] as const

/**
 * One rule as a Thai sentence. `providerTitle` names a provider by its code (the catalogue's title); a code it does
 * not know is shown as it is.
 */
export function describeRule(rule: PromotionRule, providerTitle: (code: string) => string = (code) => code): string {
  const other = () => t('rule.other', { type: rule.type, value: raw(rule.value) })
  const type = rule.type
  if (type === 'TURNOVER_BY_MUTIPLE' || (amountRules as readonly string[]).includes(type)) {
    const n = numeric(rule.value)
    return n === null ? other() : t(`rule.${type}` as MessageKey, { n: formatNumber(n) })
  }
  if (type === 'OLD_MEMBER' || type === 'NEW_MEMBER') return numeric(rule.value) === 1 ? t(`rule.${type}`) : other()
  if (type === 'PROHIBITED_GAMES_TYPE') return t('rule.PROHIBITED_GAMES_TYPE', { list: items(rule.value).map(gameTypeLabel).join(', ') })
  if (type === 'PROHIBITED_GAMES_PROVIDER')
    return t('rule.PROHIBITED_GAMES_PROVIDER', {
      list: items(rule.value)
        .map((code) => (typeof code === 'string' ? providerTitle(code) : raw(code)))
        .join(', '),
    })
  return other()
}
