import { formatDateTime } from '@sanam/web-shared/format'
import { useState } from 'react'
import { Link } from 'react-router'
import { t } from '../../lib/i18n/th.ts'
import { useDeskAlerts, type DeskAlertsData } from './api/get-alerts.ts'
import { useReadAlert } from './api/read-alert.ts'

/** One alert: what happened, what to do, its screen, and "read" while unread. */
function AlertItem({ alert, onGo }: { alert: DeskAlertsData['list'][number]; onGo: () => void }) {
  const read = useReadAlert()
  return (
    <li className={`alerts__item${alert.read ? '' : ' alerts__item--unread'}`}>
      <p className="alerts__title">{alert.title}</p>
      <p className="alerts__todo">
        {t('alerts.todo')}: {alert.todo}
      </p>
      <p className="alerts__meta">
        <time dateTime={alert.created_at}>{formatDateTime(alert.created_at)}</time>
        <Link to={alert.link} className="button button--ghost" onClick={onGo}>
          {t('alerts.go')}
        </Link>
        {!alert.read && (
          <button type="button" className="button button--ghost" onClick={() => read.mutate(alert.id)} disabled={read.isPending}>
            {t('alerts.markRead')}
          </button>
        )}
      </p>
    </li>
  )
}

/** The desk's alerts in the top bar (ADR 087): a bell with the unread count that opens the list. */
export function AlertBell() {
  const alerts = useDeskAlerts()
  const [open, setOpen] = useState(false)
  const unread = alerts.data?.unread ?? 0
  return (
    <div className="alerts">
      <button
        type="button"
        className="button button--ghost alerts__bell"
        aria-expanded={open}
        aria-controls="desk-alerts"
        onClick={() => setOpen(!open)}
        aria-label={`${t('alerts.open')} ${unread} ${t('alerts.unread')}`}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="alerts__count" aria-hidden="true">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section id="desk-alerts" className="alerts__panel" aria-label={t('alerts.title')}>
          <h2 className="alerts__heading">{t('alerts.title')}</h2>
          {alerts.data && alerts.data.list.length === 0 && <p>{t('alerts.empty')}</p>}
          <ul className="alerts__list">
            {alerts.data?.list.map((alert) => (
              <AlertItem key={alert.id} alert={alert} onGo={() => setOpen(false)} />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
