import type { UserMe } from '@sanam/contract'
import { t } from '../lib/i18n/index.ts'
import { BankBadge } from './bank-badge.tsx'
import './money-page.css'

/**
 * The player's registered bank account (spec §2 Withdraw destination, History info): badge, bank, account name
 * and number. A skeleton until the player is known.
 */
export function BankAccountCard({ title, user, note }: { title: string; user: UserMe | null; note?: string }) {
  return (
    <section className="card bank-card" aria-label={title}>
      <h2 className="bank-card__title">{title}</h2>
      {user ? (
        <div className="bank-card__row">
          <BankBadge code={user.bank.code} size={44} />
          <dl className="bank-card__details">
            <dt className="visually-hidden">{t('field.bank')}</dt>
            <dd className="bank-card__bank">{user.bank.name}</dd>
            <dt className="visually-hidden">{t('field.accountName')}</dt>
            <dd>
              {user.firstname} {user.surname}
            </dd>
            <dt className="visually-hidden">{t('field.bankAccount')}</dt>
            <dd className="bank-card__account" data-testid="bank-account-number">
              {user.bank.account}
            </dd>
          </dl>
        </div>
      ) : (
        <span className="skeleton" aria-label={t('state.loading')} />
      )}
      {note && <p className="bank-card__note">{note}</p>}
    </section>
  )
}
