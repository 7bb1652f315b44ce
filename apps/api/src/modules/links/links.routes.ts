import { backofficeContract } from '@sanam/contract'
import { ok, pathId } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { LinkService } from './links.service.ts'

/** What links a member to other accounts; the member page (issue 12) shows it, every operator role may look. */
export function linksRoutes(app: TypedApp, deps: { links: Pick<LinkService, 'forMember'>; operator: OperatorGuard }) {
  app.get('/backoffice/members/:id/links', { schema: backofficeContract.memberLinks, preHandler: deps.operator('backoffice.read') }, async (req) =>
    ok(await deps.links.forMember(pathId(req.params))),
  )
}
