import type { CanDecide } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ReactNode } from 'react'
import { t } from '../lib/i18n/th.ts'
import { PendingVersionButtons, type PendingVersion } from './decision.tsx'
import { TitledSection } from './titled-section.tsx'

/** What a waiting version shows of itself. */
interface Waiting {
  id: number
  proposed_by: string | null
  created_at: string
  reason: string | null
  can_decide?: CanDecide | undefined
}

/**
 * The section of a page of versions (the plan, the risk rules' parameters) for the one waiting: who proposed it, when
 * and why, `table` of what it changes, its approve and reject buttons; with none waiting, `<screen>.noPending` and
 * `form` (a new proposal, when the operator may make one). Its texts are `<screen>.pending`, `.proposedBy`, `.reason`.
 */
export function PendingVersionSection<V extends Waiting>(props: {
  screen: 'plan' | 'riskParams'
  testId: string
  pending: V | null | undefined
  table: (pending: V) => ReactNode
  mayApprove: boolean
  mayReject: boolean
  version: PendingVersion
  form: ReactNode
}) {
  const { screen, pending } = props
  return (
    <TitledSection className="panel" titleClassName="panel__title" title={t(`${screen}.pending`)}>
      {pending ? (
        <>
          <p className="muted" data-testid={props.testId}>
            #{pending.id} · {t(`${screen}.proposedBy`)} {pending.proposed_by} · {formatDateTimeSeconds(pending.created_at)} · {t(`${screen}.reason`)}:{' '}
            {pending.reason}
          </p>
          {props.table(pending)}
          <PendingVersionButtons screen={screen} pending={pending} mayApprove={props.mayApprove} mayReject={props.mayReject} onDecide={props.version.decide} />
        </>
      ) : (
        <>
          <p className="muted">{t(`${screen}.noPending`)}</p>
          {props.form}
        </>
      )}
    </TitledSection>
  )
}
