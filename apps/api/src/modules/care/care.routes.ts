import { backofficeCareContract, careContract, msg } from '@sanam/contract'
import type { preHandlerAsyncHookHandler } from 'fastify'
import { ok } from '../../lib/http.ts'
import type { TypedApp } from '../../lib/typed-app.ts'
import type { OperatorGuard } from '../../plugins/operator-auth.ts'
import type { CarePromptService } from './care-prompts.service.ts'
import type { CareTaskService } from './care-tasks.service.ts'

/** The player's RTS 12 prompt and its answer (ADR 090): the player's own, never cached. */
export function carePromptRoutes(app: TypedApp, deps: { carePrompts: CarePromptService; requirePlayer: preHandlerAsyncHookHandler }) {
  const player = { preHandler: deps.requirePlayer }
  app.get('/responsible-play/prompt', { schema: careContract.prompt, ...player }, async (req) => ok(await deps.carePrompts.prompt(req.player)))
  app.post('/responsible-play/prompt/answer', { schema: careContract.answer, ...player }, async (req) => {
    const { data, message } = await deps.carePrompts.answer(req.player, req.body)
    return ok(data, message)
  })
}

/**
 * The back-office's care tasks (ADR 090): the list, one task, an interaction recorded on it (audited), and the markers
 * job run by hand (`jobs.run`): the markers checked now instead of at the job's next minute (audited; 409 while the job runs).
 */
export function careTaskRoutes(app: TypedApp, deps: { careTasks: CareTaskService; operator: OperatorGuard }) {
  const work = { preHandler: deps.operator('care.work') }
  app.get('/backoffice/care-tasks', { schema: backofficeCareContract.tasks, ...work }, async (req) =>
    ok(await deps.careTasks.page(req.query.status, req.query.page)),
  )
  app.get('/backoffice/care-tasks/:id', { schema: backofficeCareContract.task, ...work }, async (req) => ok(await deps.careTasks.task(Number(req.params.id))))
  app.post('/backoffice/care-tasks/:id/interactions', { schema: backofficeCareContract.record, ...work }, async (req) =>
    ok(await deps.careTasks.record(req.operator, Number(req.params.id), req.body), msg('CARE_RECORDED')),
  )
  // The markers job run by hand, named like the other job run by hand (`/backoffice/jobs/accrue`) and with its permission.
  app.post('/backoffice/jobs/care-markers', { schema: backofficeCareContract.evaluate, preHandler: deps.operator('jobs.run') }, async (req) => {
    const result = await deps.careTasks.evaluateNow(req.operator)
    return ok(result, msg('CARE_EVALUATED', result))
  })
}
