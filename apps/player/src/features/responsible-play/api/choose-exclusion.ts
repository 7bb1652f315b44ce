import type { ExclusionPeriod, Restriction } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'

/**
 * `POST /user/@me/exclusion`: starts a time-out or self-exclusion now. The server ends every session of the player,
 * this one too, in the same transaction (ADR 047): after the answer this token is no longer good.
 */
export function chooseExclusion(period: ExclusionPeriod): Promise<ApiAnswer<Restriction>> {
  return apiAnswer<Restriction>('/user/@me/exclusion', { method: 'POST', body: { period, confirm: true } })
}

export function useChooseExclusion() {
  return useMutation({ mutationFn: chooseExclusion })
}
