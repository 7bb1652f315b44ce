import type { backofficeReportsContract, ReportId } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { useQuery } from '@tanstack/react-query'
import { listQueryOptions } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'

export type ReportTable = ResponseData<typeof backofficeReportsContract.show>
/** A range of Bangkok days, both included (the contract's ReportQuery). */
export interface ReportRange {
  from: string
  to: string
}

/** `GET /backoffice/reports/:report?from&to`: the report's rows and totals, amounts in baht; the last answer stays on screen while another range or report loads. */
export const reportQueryOptions = (report: ReportId, range: ReportRange) =>
  listQueryOptions<ReportTable>(queryKeys.reports.table(report, range), `/backoffice/reports/${report}`, { ...range })

export function useReport(report: ReportId, range: ReportRange) {
  return useQuery(reportQueryOptions(report, range))
}
