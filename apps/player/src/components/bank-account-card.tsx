import { findBank } from '@sanam/contract/banks'
import type { UserMe } from '@sanam/contract'
import type { ReactNode } from 'react'
import { formatAccountNumber } from '@sanam/web-shared/format'
import { t } from '../lib/i18n/index.ts'
import { BankBadge } from './bank-badge.tsx'
import './money-page.css'

/** A bank account as the cards show it. `bankName` is used only for a code missing from the contract's bank list. */
export interface BankAccount {
  bankCode: string
  bankName?: string
  accountName: string
  accountNumber: string
}

/** The player's registered account (the only one deposits count from and withdrawals go to). */
export function registeredAccount(user: UserMe): BankAccount {
  return { bankCode: user.bank.code, bankName: user.bank.name, accountName: `${user.firstname} ${user.surname}`, accountNumber: user.bank.account }
}

/**
 * A bank account as a card (spec §2: the deposit screen's own and target accounts, the withdraw destination, the
 * history info tab): logo, bank, account name and number, an optional note and whatever the caller adds below (the
 * copy button, the QR code). A skeleton until the account is known.
 */
export function BankAccountCard(props: {
  heading: string
  account: BankAccount | null
  note?: string
  highlight?: boolean
  testId?: string
  children?: ReactNode
}) {
  const { account } = props
  return (
    <section className={`card bank-card${props.highlight ? ' bank-card--target' : ''}`} aria-label={props.heading} data-testid={props.testId}>
      <h2 className="bank-card__heading">{props.heading}</h2>
      {account ? (
        <div className="bank-card__row">
          <BankBadge code={account.bankCode} size={48} />
          <dl className="bank-card__details">
            <dt className="visually-hidden">{t('field.bank')}</dt>
            <dd className="bank-card__bank">{findBank(account.bankCode)?.th ?? account.bankName ?? account.bankCode}</dd>
            <dt className="visually-hidden">{t('field.accountName')}</dt>
            <dd className="bank-card__name">{account.accountName}</dd>
            <dt className="visually-hidden">{t('field.bankAccount')}</dt>
            <dd className="bank-card__number" data-testid="bank-account-number">
              {formatAccountNumber(account.accountNumber)}
            </dd>
          </dl>
        </div>
      ) : (
        <span className="skeleton" aria-label={t('state.loading')} />
      )}
      {props.note && <p className="bank-card__note">{props.note}</p>}
      {props.children}
    </section>
  )
}
