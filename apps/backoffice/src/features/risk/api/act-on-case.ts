import type { backofficeRiskContract, RiskCaseUpdateBody, RiskCloseBody } from '@sanam/contract'
import type { ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, apiFile } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'
import { useMutation } from '@tanstack/react-query'
import { saveFile } from '../../../lib/save-file.ts'

type CaseAnswer = ResponseData<typeof backofficeRiskContract.case>

/** Every step on a case (ADR 089): the case's page and the inbox show what it changed; the audit log has a new entry. */
const stale = [queryKeys.risk.all, queryKeys.audit.all]
const post = (path: string, body: object = {}) => apiAnswer<CaseAnswer>(`/backoffice/risk${path}`, { method: 'POST', body })

export const useOpenCaseFromAlert = () => useApiMutation((alertId: number) => post(`/alerts/${alertId}/case`), stale)
export const useUpdateCase = () => useApiMutation((input: { id: number; body: RiskCaseUpdateBody }) => post(`/cases/${input.id}`, input.body), stale)
export const useAddNote = () => useApiMutation((input: { id: number; body: string }) => post(`/cases/${input.id}/notes`, { body: input.body }), stale)
export const useCloseCase = () => useApiMutation((input: { id: number; body: RiskCloseBody }) => post(`/cases/${input.id}/close`, input.body), stale)
export const useConfirmClose = () => useApiMutation((id: number) => post(`/cases/${id}/close/confirm`), stale)
export const useRejectClose = () =>
  useApiMutation((input: { id: number; reason: string }) => post(`/cases/${input.id}/close/reject`, { reason: input.reason }), stale)

/** The report draft (CSV), fetched with the token in the header and saved under the server's file name. */
export function useDownloadCaseReport() {
  return useMutation({
    mutationFn: async (id: number) => {
      const { blob, filename = `sanam-str-case-${id}.csv` } = await apiFile(`/backoffice/risk/cases/${id}/report`)
      return saveFile(blob, filename)
    },
  })
}
