import type { backofficeOutboxContract } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type OutboxTodayData = ResponseData<typeof backofficeOutboxContract.today>

/** `GET /backoffice/outbox`: today's messages per channel, the failed and waiting ones, the open alerts (ADR 083). Asked again every 15 s. */
export function useOutboxToday() {
  return useQuery(listQueryOptions<OutboxTodayData>(queryKeys.outbox.all, '/backoffice/outbox', {}, { refetchInterval: 15_000 }))
}
