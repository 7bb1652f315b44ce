import type { ReportId } from '@sanam/contract'
import { useMutation } from '@tanstack/react-query'
import { apiFile, queryString } from '../../../lib/api-client.ts'
import type { ReportRange } from './get-report.ts'
import { saveFile } from '../../../lib/save-file.ts'

/**
 * `GET /backoffice/reports/:report/csv?from&to`: fetched with the operator's token in the header (never in a URL a
 * browser would keep in its history or a server in its logs), then saved from the blob under the server's file name.
 */
export async function downloadReport(report: ReportId, range: ReportRange): Promise<string> {
  const { blob, filename = `sanam-${report}.csv` } = await apiFile(`/backoffice/reports/${report}/csv${queryString({ ...range })}`)
  return saveFile(blob, filename)
}

/** A download changes nothing on the server: no query goes stale. */
export function useDownloadReport() {
  return useMutation({ mutationFn: (input: { report: ReportId; range: ReportRange }) => downloadReport(input.report, input.range) })
}
