import type { backofficeCareContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type CareTasksPage = ResponseData<typeof backofficeCareContract.tasks>
export type CareStatus = 'OPEN' | 'CLOSED'

/** `GET /backoffice/care-tasks?status=&page=`: care tasks of one status, the oldest open first (ADR 090). */
export const careTasksQueryOptions = (status: CareStatus, page: number) =>
  listQueryOptions<CareTasksPage>(queryKeys.care.list(status, page), '/backoffice/care-tasks', { status, page })
