import type { UserMe } from '@sanam/contract'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { BankAccountCard, registeredAccount } from '../../../components/bank-account-card.tsx'
import { ChevronDownIcon, LogoutIcon, PhoneIcon } from '../../../components/icons.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { ChangePasswordForm } from './change-password-form.tsx'

/** Spec §2 History info tab: phone number, the change-password form (opens and closes), own bank account, LINE, logout. */
export function InfoTab({
  user,
  loggingOut,
  onPasswordChanged,
  onLogout,
  line,
}: {
  user: UserMe | null
  loggingOut: boolean
  onPasswordChanged: () => void
  onLogout: () => void
  /** The player's LINE (the LINE feature's card), under the bank account. */
  line?: ReactNode
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <section className="card info-card" aria-label={t('field.mobile')}>
        <PhoneIcon />
        <div>
          <p className="info-card__label">{t('field.mobile')}</p>
          <p className="info-card__value" data-testid="profile-mobile">
            {user ? user.mobile : <span className="skeleton" aria-label={t('state.loading')} />}
          </p>
        </div>
      </section>

      <section className="card password-card">
        <button type="button" className="password-card__toggle" aria-expanded={open} aria-controls="change-password" onClick={() => setOpen((shown) => !shown)}>
          <span>{t('history.changePassword')}</span>
          <ChevronDownIcon />
        </button>
        <div id="change-password" hidden={!open}>
          {open && <ChangePasswordForm onChanged={onPasswordChanged} />}
        </div>
        {loggingOut && (
          <p className="password-card__notice" role="status">
            {t('password.logoutSoon')}
          </p>
        )}
      </section>

      <BankAccountCard heading={t('history.bankAccount')} account={user ? registeredAccount(user) : null} />

      {line}

      <Link className="button button--secondary button--large" to="/responsible-play" data-testid="responsible-play-link">
        {t('limits.link')}
      </Link>

      <button type="button" className="button button--secondary button--large" onClick={onLogout}>
        <LogoutIcon />
        {t('action.logout')}
      </button>
    </>
  )
}
