import type { Balance, UserMe } from '@sanam/contract'
import { maskMobile } from '@sanam/contract/mobile-mask'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ChevronRightIcon, CoinsIcon, DepositIcon, GiftIcon, LogoutIcon, RefreshIcon, WithdrawIcon } from '../../../components/icons.tsx'
import { formatBaht, formatBahtWord } from '@sanam/web-shared/format'
import { t } from '../../../lib/i18n/index.ts'
import { avatarInitial } from '../avatar-initial.ts'
import { runningPromotion } from '../../../lib/running-promotion.ts'

/** A referral wallet's card (the bonus or the play refund): what remains in it, leading to /referral's amount tab. */
function WalletCard({ icon, label, testId, value }: { icon: ReactNode; label: string; testId: string; value: number | undefined }) {
  return (
    <Link className="wallet-card" to="/referral#amount">
      <span className="wallet-card__icon icon-badge">{icon}</span>
      <span className="wallet-card__text">
        <span className="wallet-card__label">{label}</span>
        <span className="wallet-card__value" data-testid={testId}>
          {value !== undefined ? formatBahtWord(value) : '—'}
        </span>
      </span>
    </Link>
  )
}

/**
 * The top of the home lobby (spec §2): greeting, credit balance with refresh, logout, deposit and withdraw,
 * the referral bonus and play-amount cards, both leading to /referral on the amount tab, and the way to the
 * promotions (/promotion), which lead on to the deposit screen: while a promotion runs it names that one instead
 * of inviting the player to choose a bonus (none other can be taken, ADR 072).
 */
export function AccountPanel({ user, balance, onLogout }: { user: UserMe | null; balance: UseQueryResult<Balance>; onLogout: () => void }) {
  const amount = balance.data
  const running = runningPromotion(user?.promotion)
  return (
    <>
      <section className="account-card card" aria-label={t('home.account')}>
        <div className="account-card__top">
          <div className="account-card__who">
            <span className="account-card__avatar" aria-hidden="true">
              {avatarInitial(user?.firstname ?? '')}
            </span>
            <div>
              <h1 className="account-card__greeting">{user ? t('home.greeting', { name: user.firstname }) : t('state.loading')}</h1>
              {user && <p className="account-card__mobile">{maskMobile(user.mobile)}</p>}
            </div>
          </div>
          <button type="button" className="icon-button icon-button--outline" aria-label={t('action.logout')} onClick={onLogout}>
            <LogoutIcon />
          </button>
        </div>

        <div className="account-card__balance">
          <p className="account-card__label" id="balance-label">
            {t('home.balance')}
          </p>
          <div className="account-card__amount-row">
            <p className="account-card__amount" aria-labelledby="balance-label" aria-live="polite" data-testid="balance">
              {amount ? formatBaht(amount.balance) : <span className="skeleton skeleton--amount" aria-label={t('state.loading')} />}
            </p>
            <button
              type="button"
              className={`icon-button${balance.isFetching ? ' icon-button--spinning' : ''}`}
              aria-label={t('home.refreshBalance')}
              aria-busy={balance.isFetching}
              disabled={balance.isFetching}
              onClick={() => void balance.refetch()}
            >
              <RefreshIcon />
            </button>
          </div>
        </div>

        <div className="account-card__actions">
          <Link className="button button--primary" to="/deposit">
            <DepositIcon />
            {t('action.deposit')}
          </Link>
          <Link className="button button--secondary" to="/withdraw">
            <WithdrawIcon />
            {t('action.withdraw')}
          </Link>
        </div>
      </section>

      <div className="wallet-cards">
        <WalletCard icon={<GiftIcon />} label={t('home.bonus')} testId="bonus" value={amount?.bonus.remaining} />
        <WalletCard icon={<CoinsIcon />} label={t('home.refund')} testId="refund" value={amount?.refund.remaining} />
      </div>

      <Link className="promotions-entry" to="/promotion">
        <span className="wallet-card__icon icon-badge">
          <GiftIcon />
        </span>
        <span className="wallet-card__text">
          <span className="promotions-entry__title">{t('home.promotions')}</span>
          <span className="wallet-card__label">{running ? t('home.promotionRunning', { title: running.title }) : t('home.promotionsHint')}</span>
        </span>
        <ChevronRightIcon />
      </Link>
    </>
  )
}
