import { backofficeCatalogueContract, msg } from '@sanam/contract'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { CatalogueService } from './catalogue.service.ts'

/** The back-office catalogue editor: every operator may look; 'catalogue.manage' (owner, support) edits. */
export function catalogueRoutes(app: TypedApp, deps: { catalogue: CatalogueService; operator: OperatorGuard }) {
  const { catalogue } = deps
  const anyOperator = deps.operator('backoffice.read')
  const editor = deps.operator('catalogue.manage')
  const c = backofficeCatalogueContract
  app.get('/backoffice/catalogue/providers', { schema: c.providers, preHandler: anyOperator }, async () => ok(await catalogue.providers()))
  app.post('/backoffice/catalogue/providers', { schema: c.createProvider, preHandler: editor }, async (req) =>
    ok(await catalogue.createProvider(req.operator, req.body), msg('CATALOGUE_SAVED')),
  )
  app.post('/backoffice/catalogue/providers/:code', { schema: c.updateProvider, preHandler: editor }, async (req) =>
    ok(await catalogue.updateProvider(req.operator, req.params.code, req.body), msg('CATALOGUE_SAVED')),
  )
  app.get('/backoffice/catalogue/providers/:code/games', { schema: c.games, preHandler: anyOperator }, async (req) =>
    ok(await catalogue.games(req.params.code)),
  )
  app.post('/backoffice/catalogue/providers/:code/games', { schema: c.createGame, preHandler: editor }, async (req) => {
    const [game] = await catalogue.createGames(req.operator, req.params.code, [req.body])
    return ok(game!, msg('CATALOGUE_SAVED'))
  })
  app.post('/backoffice/catalogue/games/:id', { schema: c.updateGame, preHandler: editor }, async (req) =>
    ok(await catalogue.updateGame(req.operator, pathId(req.params), req.body), msg('CATALOGUE_SAVED')),
  )
}
