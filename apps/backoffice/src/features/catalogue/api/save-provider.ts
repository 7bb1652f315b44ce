import type { backofficeCatalogueContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Create = typeof backofficeCatalogueContract.createProvider
type Update = typeof backofficeCatalogueContract.updateProvider
export type NewProvider = RequestBody<Create>
export type ProviderChange = RequestBody<Update>

/**
 * `POST /backoffice/catalogue/providers` (a new provider) or `POST /backoffice/catalogue/providers/:code` (the fields
 * sent change: a maintenance switch sends only `maintenance`).
 */
export function saveProvider(input: { create: NewProvider } | { code: string; change: ProviderChange }): Promise<ApiAnswer<ResponseData<Create>>> {
  return 'create' in input
    ? apiAnswer('/backoffice/catalogue/providers', { method: 'POST', body: input.create })
    : apiAnswer(`/backoffice/catalogue/providers/${encodeURIComponent(input.code)}`, { method: 'POST', body: input.change })
}

/** The catalogue, and the audit log that records the change. */
export const useSaveProvider = () => useApiMutation(saveProvider, [queryKeys.catalogue.all, queryKeys.audit.all])
