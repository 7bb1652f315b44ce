import type { RiskAlert, RiskCaseSummary } from '@sanam/contract'
import { formatDateTime } from '@sanam/web-shared/format'
import { Link } from 'react-router'
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
  if (inbox.isPending) return <p>{t('common.loading')}</p>
  if (!inbox.data) return <p role="alert">{errorText(inbox.error)}</p>
  return (
    <section className="panel">
      <h1 className="panel__title">{t('risk.title')}</h1>
      <p className="muted">{t('risk.lead')}</p>
      <p>
        <Link to="/risk/params">{t('risk.paramsLink')}</Link>
      </p>
      <CaseTable cases={inbox.data.cases} />
      <AlertTable alerts={inbox.data.alerts} />
    </section>
  )
}

function CaseTable({ cases }: { cases: RiskCaseSummary[] }) {
  return (
    <table className="table">
      <caption>{t('risk.cases')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('risk.case')}</th>
          <th scope="col">{t('risk.member')}</th>
          <th scope="col">{t('risk.rules')}</th>
          <th scope="col">{t('risk.status')}</th>
          <th scope="col">{t('risk.assignee')}</th>
          <th scope="col">{t('risk.due')}</th>
          <th scope="col">{t('risk.opened')}</th>
        </tr>
      </thead>
      <tbody>
        {cases.length === 0 && (
          <tr>
            <td colSpan={7}>{t('common.empty')}</td>
          </tr>
        )}
        {cases.map((c) => (
          <tr key={c.id}>
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
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function AlertTable({ alerts }: { alerts: RiskAlert[] }) {
  const open = useOpenCaseFromAlert()
  const toast = useToast()
  return (
    <table className="table">
      <caption>{t('risk.alerts')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('risk.rule')}</th>
          <th scope="col">{t('risk.member')}</th>
          <th scope="col">{t('risk.what')}</th>
          <th scope="col">{t('risk.reference')}</th>
          <th scope="col">{t('risk.at')}</th>
          <th scope="col">{t('risk.action')}</th>
        </tr>
      </thead>
      <tbody>
        {alerts.length === 0 && (
          <tr>
            <td colSpan={6}>{t('common.empty')}</td>
          </tr>
        )}
        {alerts.map((a) => (
          <tr key={a.id}>
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
          </tr>
        ))}
      </tbody>
    </table>
  )
}
