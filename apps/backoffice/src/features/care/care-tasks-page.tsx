import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import { useState } from 'react'
import { Link } from 'react-router'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { Pager } from '../../components/pager.tsx'
import { ToggleTabs } from '../../components/toggle-tabs.tsx'
import { t } from '../../lib/i18n/th.ts'
import { useCareTasks, type CareStatus } from './api/get-care-tasks.ts'

const STATUSES: readonly CareStatus[] = ['OPEN', 'CLOSED']

/**
 * Care tasks (issue 39 §4, ADR 090): each a marker of harm seen on one player (net deposits or losses at a threshold,
 * night deposits, play after a returned withdrawal, declined deposits, a limit raised after hitting it), the oldest
 * open first. Kept apart from anti-money-laundering cases: a care task never holds money. Each opens its task page.
 */
export function CareTasksPage() {
  const [status, setStatus] = useState<CareStatus>('OPEN')
  const [page, setPage] = useState(0)
  const list = useCareTasks(status, page)
  return (
    <section className="panel">
      <h1 className="panel__title">{t('care.title')}</h1>
      <p className="muted">{t('care.lead')}</p>
      <ToggleTabs
        label={t('care.status')}
        options={STATUSES}
        value={status}
        text={(s) => t(`care.status.${s}`)}
        onChange={(s) => {
          setStatus(s)
          setPage(0)
        }}
      />
      {list.isPending ? (
        <p>{t('common.loading')}</p>
      ) : list.data?.list.length ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t(`care.status.${status}`)}</caption>
            <ColumnHeads labels={['#', t('care.member'), t('care.marker'), t('care.openedAt'), t('care.interactions')]} />
            <tbody>
              {list.data.list.map((task) => (
                <tr key={task.id}>
                  <td>
                    <Link to={`/care/${task.id}`}>
                      {t('care.open')} #{task.id}
                    </Link>
                  </td>
                  <td>
                    {task.name} · {task.mobile}
                  </td>
                  <td>{task.marker_text}</td>
                  <td>{formatDateTimeSeconds(task.opened_at)}</td>
                  <td>{task.interactions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t('common.empty')}</p>
      )}
      {list.data && <Pager page={page} size={list.data.size} total={list.data.total} onPage={setPage} />}
    </section>
  )
}
