import type { backofficeCareContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

/**
 * `POST /backoffice/jobs/care-markers`: the markers job run now (`jobs.run`, audited), under the job's lock (409 while
 * the job runs); answers how many care tasks it opened (ADR 090, amended 2026-11-30).
 */
export function evaluateCareMarkers(): Promise<ApiAnswer<ResponseData<typeof backofficeCareContract.evaluate>>> {
  return apiAnswer('/backoffice/jobs/care-markers', { method: 'POST', body: {} })
}

/** Refreshes the care tasks (the list shows what opened) and the audit log. */
export const useEvaluateCareMarkers = () => useApiMutation(evaluateCareMarkers, [queryKeys.care.all, queryKeys.audit.all])
