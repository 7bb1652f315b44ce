import type { backofficeCatalogueContract } from '@sanam/contract'
import type { RequestBody, ResponseData } from '@sanam/web-shared/contract-types'
import { apiAnswer, type ApiAnswer } from '../../../lib/api-client.ts'
import { queryKeys } from '../../../lib/query-keys.ts'
import { useApiMutation } from '../../../lib/use-api-mutation.ts'

type Create = typeof backofficeCatalogueContract.createGame
type Update = typeof backofficeCatalogueContract.updateGame
export type NewGame = RequestBody<Create>
export type GameChange = RequestBody<Update>

/** `POST /backoffice/catalogue/providers/:code/games` (a new game) or `POST /backoffice/catalogue/games/:id` (the fields sent change). */
export function saveGame(input: { provider: string; create: NewGame } | { id: number; change: GameChange }): Promise<ApiAnswer<ResponseData<Create>>> {
  return 'create' in input
    ? apiAnswer(`/backoffice/catalogue/providers/${encodeURIComponent(input.provider)}/games`, { method: 'POST', body: input.create })
    : apiAnswer(`/backoffice/catalogue/games/${input.id}`, { method: 'POST', body: input.change })
}

export const useSaveGame = () => useApiMutation(saveGame, [queryKeys.catalogue.all, queryKeys.audit.all])
