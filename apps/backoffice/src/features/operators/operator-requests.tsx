import type { OperatorRequestView } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { DecideNote, mayDecide } from '../../components/decision.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useDecideOperatorRequest } from './api/decide-operator-request.ts'
import { useOperatorRequests } from './api/get-operator-requests.ts'
import { TitledSection } from '../../components/titled-section.tsx'

/** What a request would change, in one line: the role it gives, the phone it sets. */
function changeOf(request: OperatorRequestView): string {
  const parts = [
    request.current_role && request.role ? `${t(`role.${request.current_role}`)} → ${t(`role.${request.role}`)}` : undefined,
    !request.current_role && request.role ? t(`role.${request.role}`) : undefined,
    request.phone ?? undefined,
  ]
  return parts.filter(Boolean).join(' · ') || '–'
}

/**
 * Changes to owners and finance operators waiting for a second owner (ADR 070): another owner approves or rejects;
 * the proposer may only withdraw its own. Each says, as the server does, whether this owner may approve it now and why
 * not (ADR 075).
 */
export function OperatorRequests() {
  const me = useOperator()
  const toast = useToast()
  const requests = useOperatorRequests()
  const { mutate: decide } = useDecideOperatorRequest()

  const columns = useMemo<ColumnDef<OperatorRequestView, unknown>[]>(() => {
    const run = (id: number, decision: 'approve' | 'reject') =>
      decide({ id, decision }, { onSuccess: ({ message }) => message && toast(message), onError: (failure) => toast(errorText(failure), 'error') })
    return [
      { header: t('operators.requestKind'), cell: ({ row }) => t(`operators.request.${row.original.kind}`) },
      { header: t('operators.username'), cell: ({ row }) => row.original.username },
      { header: t('operators.requestChange'), cell: ({ row }) => changeOf(row.original) },
      { header: t('operators.requestedBy'), cell: ({ row }) => row.original.requested_by_username },
      { header: t('operators.requestedAt'), cell: ({ row }) => formatDateTimeSeconds(row.original.requested_at) },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => {
          const request = row.original
          // The server says whether this owner may approve it now, and why not (ADR 075).
          const hint = `request-${request.id}-hint`
          const blocked = !mayDecide(request.can_decide)
          return (
            <span className="row-actions">
              {request.requested_by === me.data?.operator_id ? (
                <button type="button" className="button button--ghost" onClick={() => run(request.id, 'reject')}>
                  {t('operators.withdraw')}
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className="button"
                    disabled={blocked}
                    aria-describedby={blocked ? hint : undefined}
                    onClick={() => run(request.id, 'approve')}
                  >
                    {t('approvals.approve')} {request.username}
                  </button>
                  <button type="button" className="button button--danger" onClick={() => run(request.id, 'reject')}>
                    {t('approvals.reject')}
                  </button>
                </>
              )}
              <DecideNote id={hint} can={request.can_decide} />
            </span>
          )
        },
      },
    ]
  }, [me.data?.operator_id, decide, toast])

  if (!requests.data?.list.length) return null
  return (
    <TitledSection titleClassName="detail__subtitle" title={t('operators.requests')}>
      <p className="muted">{t('operators.requestsLead')}</p>
      <DataTable caption={t('operators.requests')} columns={columns} rows={requests.data.list} loading={requests.isPending} />
    </TitledSection>
  )
}
