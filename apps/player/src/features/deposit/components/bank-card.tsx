import { findBank } from '@sanam/contract/banks'
import type { ReactNode } from 'react'
import { BankBadge } from '../../../components/bank-badge.tsx'
import { t } from '../../../lib/i18n/index.ts'

/** `1234567890` → `123-4-56789-0`, the way Thai banks print a 10-digit account; other lengths as they are. */
export function formatAccountNumber(account: string): string {
  return /^\d{10}$/.test(account) ? `${account.slice(0, 3)}-${account.slice(3, 4)}-${account.slice(4, 9)}-${account.slice(9)}` : account
}

/**
 * A bank account as a card (spec §2 Deposit): logo, bank name, account name and number, and whatever the caller
 * adds below (the copy button, the QR code).
 */
export function BankCard(props: { heading: string; bankCode: string; bankName?: string; accountName: string; accountNumber: string; highlight?: boolean; children?: ReactNode; testId?: string }) {
  const bankName = findBank(props.bankCode)?.th ?? props.bankName ?? props.bankCode
  return (
    <section className={`bank-card card${props.highlight ? ' bank-card--target' : ''}`} aria-label={props.heading} data-testid={props.testId}>
      <h2 className="bank-card__heading">{props.heading}</h2>
      <div className="bank-card__row">
        <BankBadge code={props.bankCode} size={48} />
        <div className="bank-card__text">
          <p className="bank-card__bank">{bankName}</p>
          <p className="bank-card__name">
            <span className="visually-hidden">{t('deposit.accountName')} </span>
            {props.accountName}
          </p>
          <p className="bank-card__number">
            <span className="visually-hidden">{t('deposit.accountNumber')} </span>
            {formatAccountNumber(props.accountNumber)}
          </p>
        </div>
      </div>
      {props.children}
    </section>
  )
}
