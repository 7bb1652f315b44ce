import { mayOperator, type OperatorPermission } from '@sanam/contract'
import { Suspense } from 'react'
import { Navigate, NavLink, Outlet, useLocation } from 'react-router'
import { AlertBell } from '../features/alerts/alert-bell.tsx'
import { useLogout } from '../features/auth/api/logout.ts'
import { t, type MessageKey } from '../lib/i18n/th.ts'
import { useOperator, useToken } from '../lib/operator.ts'

const AREAS: Array<{ to: string; label: MessageKey; permission: OperatorPermission }> = [
  { to: '/dashboard', label: 'nav.dashboard', permission: 'backoffice.read' },
  { to: '/withdrawals', label: 'nav.withdrawals', permission: 'backoffice.read' },
  { to: '/payouts', label: 'nav.payouts', permission: 'backoffice.read' },
  { to: '/deposits', label: 'nav.deposits', permission: 'backoffice.read' },
  { to: '/members', label: 'nav.members', permission: 'backoffice.read' },
  { to: '/approvals', label: 'nav.approvals', permission: 'backoffice.read' },
  { to: '/promotions', label: 'nav.promotions', permission: 'promotions.manage' },
  { to: '/exceptions', label: 'nav.exceptions', permission: 'backoffice.read' },
  { to: '/bank-notifications', label: 'nav.notifications', permission: 'backoffice.read' },
  { to: '/slips', label: 'nav.slips', permission: 'backoffice.read' },
  { to: '/catalogue', label: 'nav.catalogue', permission: 'catalogue.manage' },
  { to: '/pay-in-accounts', label: 'nav.payin', permission: 'payin.manage' },
  { to: '/reconciliation', label: 'nav.reconciliation', permission: 'ledger.verify' },
  { to: '/reports', label: 'nav.reports', permission: 'reports.read' },
  { to: '/plan', label: 'nav.plan', permission: 'backoffice.read' },
  { to: '/audit', label: 'nav.audit', permission: 'backoffice.read' },
  { to: '/outbox', label: 'nav.outbox', permission: 'backoffice.read' },
  { to: '/risk', label: 'nav.risk', permission: 'risk.work' },
  { to: '/operators', label: 'nav.operators', permission: 'operators.manage' },
  // Every role: finance applies a change of what players read (ADR 068) on the same screen owner and support edit it.
  { to: '/site', label: 'nav.site', permission: 'backoffice.read' },
  { to: '/care', label: 'nav.care', permission: 'care.work' },
  { to: '/account', label: 'nav.account', permission: 'self.session' },
]

/** The signed-in frame: the areas the operator's role may open, who is signed in, and sign-out. */
export function Layout() {
  const token = useToken()
  const me = useOperator()
  const location = useLocation()
  const logout = useLogout()
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname }} />
  if (me.data?.must_enroll) return <Navigate to="/enrol" replace />
  const role = me.data?.role
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true">
            S
          </span>
          {t('app.brand')}
          <span className="badge">{t('app.badge')}</span>
        </span>
        {me.data && (
          <span className="who">
            <AlertBell />
            {me.data.username} · {t(`role.${me.data.role}`)}
            <button type="button" className="button button--ghost" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {t('nav.logout')}
            </button>
          </span>
        )}
      </header>
      <div className="frame">
        <nav className="sidebar" aria-label={t('nav.label')}>
          <ul>
            {AREAS.filter((area) => mayOperator(role, area.permission)).map((area) => (
              <li key={area.to}>
                <NavLink to={area.to} className="sidebar__link">
                  {t(area.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main className="content">
          {me.data ? (
            <Suspense fallback={<p>{t('common.loading')}</p>}>
              <Outlet />
            </Suspense>
          ) : (
            <p>{t('common.loading')}</p>
          )}
        </main>
      </div>
    </div>
  )
}
