import type { MemberSummary } from '@sanam/contract'
import { t } from '../../lib/i18n/th.ts'

/** One badge of a member's status: its words, and whether it stops the member playing (drawn as off). */
export interface StatusBadgeText {
  text: string
  off: boolean
}

/** The member's time-out or self-exclusion in the profile's words: kind and period ('พักการเล่นชั่วคราว 7 วัน'). */
export function exclusionText(exclusion: NonNullable<MemberSummary['exclusion']>): string {
  const kind = t(exclusion.kind === 'TIME_OUT' ? 'members.exclusion.timeOut' : 'members.exclusion.selfExclusion')
  return `${kind} ${t(`members.exclusion.period.${exclusion.period}`)}`
}

/**
 * What the members list and the profile's heading show of a member: a lock, a time-out or self-exclusion in force
 * (ADR 047), both, or active when neither. A member resting by their own choice is never shown as active.
 */
export function memberStatus(member: Pick<MemberSummary, 'status' | 'exclusion'>): StatusBadgeText[] {
  const badges: StatusBadgeText[] = []
  if (member.status === 'LOCKED') badges.push({ text: t('members.locked'), off: true })
  if (member.exclusion) badges.push({ text: exclusionText(member.exclusion), off: true })
  return badges.length > 0 ? badges : [{ text: t('members.active'), off: false }]
}
