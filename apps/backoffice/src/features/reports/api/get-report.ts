import type { backofficeReportsContract, ReportId } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, queryString } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type ReportTable = ResponseData<typeof backofficeReportsContract.show>
/** A range of Bangkok days, both included (the contract's ReportQuery). */
export interface ReportRange {
  from: string
  to: string
}

/** `GET /backoffice/reports/:report?from&to`: the report's rows and totals, amounts in baht. */
export function getReport(report: ReportId, range: ReportRange): Promise<ReportTable> {
  return apiRequest(`/backoffice/reports/${report}${queryString({ ...range })}`)
}

/** The last answer stays on screen while another range or report loads. */
export const reportQueryOptions = (report: ReportId, range: ReportRange) =>
  queryOptions({ queryKey: queryKeys.reports.table(report, range), queryFn: () => getReport(report, range), placeholderData: keepPreviousData })

export function useReport(report: ReportId, range: ReportRange) {
  return useQuery(reportQueryOptions(report, range))
}
