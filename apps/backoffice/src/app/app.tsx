import { t, type MessageKey } from '../lib/i18n/th.ts'

// The operator areas of DESIGN §4, listed so operators see what is coming; none is live yet.
const upcoming: MessageKey[] = [
  'module.withdrawals',
  'module.unmatchedDeposits',
  'module.members',
  'module.promotions',
  'module.games',
  'module.site',
  'module.reports',
  'module.audit',
]

/** Placeholder until the operator console is built. */
export function App() {
  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true">
            S
          </span>
          {t('app.brand')}
        </span>
        <span className="badge">{t('app.badge')}</span>
      </header>
      <main className="content">
        <section className="panel">
          <h1 className="panel__title">{t('app.name')}</h1>
          <p className="panel__lead">{t('placeholder.title')}</p>
          <p className="panel__text">{t('placeholder.body')}</p>
          <h2 className="panel__subtitle">{t('placeholder.upcoming')}</h2>
          <ul className="modules">
            {upcoming.map((key) => (
              <li key={key} className="modules__item">
                {t(key)}
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  )
}
