import type { RiskAlert, RiskCaseSummary } from '@sanam/contract'
import { formatDateTime } from '@sanam/web-shared/format'
import { Link } from 'react-router'
import { ListTable } from '../../components/list-table.tsx'
import { QueryView } from '../../components/query-view.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useOpenCaseFromAlert } from './api/act-on-case.ts'
import { useRiskInbox } from './api/get-risk.ts'

const statusText = (status: string) => t(`risk.status.${status}` as MessageKey)
const actionText = (action: string) => t(`risk.actionOf.${action}` as MessageKey)

/**
 * The risk inbox (issue 39 §2, ADR 089): the open cases, the oldest due first, each with the rules that alerted; then
 * the review alerts no case holds yet, each of which an operator may turn into a case.
 */
export function RiskInboxPage() {
  const inbox = useRiskInbox()
  return (
    <QueryView query={inbox}>
      {(data) => (
        <section className="panel">
          <h1 className="panel__title">{t('risk.title')}</h1>
          <p className="muted">{t('risk.lead')}</p>
          <p>
            <Link to="/risk/params">{t('risk.paramsLink')}</Link>
          </p>
          <CaseTable cases={data.cases} />
          <AlertTable alerts={data.alerts} />
        </section>
      )}
    </QueryView>
  )
}

function CaseTable({ cases }: { cases: RiskCaseSummary[] }) {
  const heads = [t('risk.case'), t('risk.member'), t('risk.rules'), t('risk.status'), t('risk.assignee'), t('risk.due'), t('risk.opened')]
  return (
    <ListTable
      caption={t('risk.cases')}
      heads={heads}
      items={cases}
      itemKey={(c) => c.id}
      row={(c) => (
        <>
          <th scope="row">
            <Link to={`/risk/cases/${c.id}`}>
              {t('risk.case')} #{c.id}
            </Link>
          </th>
          <td>{c.mobile}</td>
          <td>{c.rules.join(', ')}</td>
          <td>
            {statusText(c.status)}
            {c.close_request && <span className="cell-note state--warn">{t('risk.closeWaiting')}</span>}
          </td>
          <td>{c.assignee ?? t('risk.nobody')}</td>
          <td>{formatDateTime(c.due_at)}</td>
          <td>{formatDateTime(c.created_at)}</td>
        </>
      )}
    />
  )
}

function AlertTable({ alerts }: { alerts: RiskAlert[] }) {
  const open = useOpenCaseFromAlert()
  const toast = useToast()
  return (
    <ListTable
      caption={t('risk.alerts')}
      heads={[t('risk.rule'), t('risk.member'), t('risk.what'), t('risk.reference'), t('risk.at'), t('risk.action')]}
      items={alerts}
      itemKey={(a) => a.id}
      row={(a) => (
        <>
          <th scope="row">{a.rule}</th>
          <td>{a.mobile}</td>
          <td>
            {a.text} <span className="cell-note">{actionText(a.action)}</span>
          </td>
          <td>{a.reference}</td>
          <td>{formatDateTime(a.created_at)}</td>
          <td>
            <button type="button" className="button" disabled={open.isPending} onClick={() => open.mutate(a.id, { onError: (e) => toast(errorText(e)) })}>
              {t('risk.openCase')} ({a.rule} {a.mobile})
            </button>
          </td>
        </>
      )}
    />
  )
}
