import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { ChatIcon, CoinsIcon, HistoryIcon, HomeIcon, UsersIcon } from '../../components/icons.tsx'
import { useSite } from '../../features/site/hooks/use-site.ts'
import { t } from '../../lib/i18n/index.ts'
import { useSession } from '../../lib/session.ts'
import { isRestricted } from '../guards.tsx'

interface Item {
  label: string
  icon: ReactNode
  /** An app route, or the contact link (opened outside). */
  to: { pathname: string; hash?: string } | { href: string | undefined }
  primary?: boolean
}

/**
 * Spec §2 Bottom bar, fixed at the bottom of the column above the phone's safe area. Logged in: history, refer
 * friends, home, rebate, report problem; in restricted mode history, home and report problem. Logged out: home and
 * report problem.
 */
export function BottomBar() {
  const { token, user } = useSession()
  const restricted = isRestricted(user)
  const site = useSite()
  const location = useLocation()
  const contact = site.status === 'ready' ? site.metadata.contact.line : undefined

  // Home is the raised centre button of the full bar; with two items it is an ordinary one.
  const home: Item = { label: t('nav.home'), icon: <HomeIcon />, to: { pathname: '/' }, primary: token !== null }
  const report: Item = { label: t('nav.report'), icon: <ChatIcon />, to: { href: contact } }
  // Restricted mode (ADR 047): nothing to refer or rebate; history and home (the restricted notice) stay. Signed in
  // but the player not known yet (a reload): no items until the guard has loaded them, so none shows that it must hide.
  const items: Item[] = restricted
    ? [{ label: t('nav.history'), icon: <HistoryIcon />, to: { pathname: '/history' } }, home, report]
    : token && !user
      ? []
      : token
        ? [
            { label: t('nav.history'), icon: <HistoryIcon />, to: { pathname: '/history' } },
            { label: t('nav.referral'), icon: <UsersIcon />, to: { pathname: '/referral' } },
            home,
            { label: t('nav.rebate'), icon: <CoinsIcon />, to: { pathname: '/referral', hash: '#amount' } },
            report,
          ]
        : [home, report]

  // Referral and rebate share a path: the hash tells them apart.
  const isCurrent = (to: { pathname: string; hash?: string }) =>
    location.pathname === to.pathname && (to.hash ?? '') === (location.hash === '#amount' ? '#amount' : '')

  return (
    <nav className="bottom-bar" aria-label={t('nav.label')}>
      <ul className={`bottom-bar__list bottom-bar__list--${items.length}`}>
        {items.map((item) => (
          <li key={item.label}>
            {'href' in item.to ? (
              <a
                className="bottom-bar__item"
                href={item.to.href ?? '#'}
                target="_blank"
                rel="noopener noreferrer"
                aria-disabled={item.to.href ? undefined : true}
              >
                <span className="bottom-bar__icon">{item.icon}</span>
                <span className="bottom-bar__label">{item.label}</span>
                <span className="visually-hidden">{t('state.opensNewWindow')}</span>
              </a>
            ) : (
              <Link
                className={`bottom-bar__item${item.primary ? ' bottom-bar__item--primary' : ''}`}
                to={item.to}
                aria-current={isCurrent(item.to) ? 'page' : undefined}
              >
                <span className="bottom-bar__icon">{item.icon}</span>
                <span className="bottom-bar__label">{item.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
