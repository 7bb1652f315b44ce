import type { bankNotificationsContract, BankNotificationStatus } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type BankNotificationPage = ResponseData<typeof bankNotificationsContract.list>

/**
 * `GET /backoffice/bank-notifications`: a Bangkok day's forwarded bank notifications, newest first, of one status or
 * all. Asked again every 15 s: the forwarder keeps delivering.
 */
export const bankNotificationsQueryOptions = (query: { day: string; status?: BankNotificationStatus }, page: number) =>
  listQueryOptions<BankNotificationPage>(
    queryKeys.bankNotifications.list(query, page),
    '/backoffice/bank-notifications',
    { day: query.day, status: query.status, page },
    { refetchInterval: 15_000 },
  )
