/**
 * The deposit screen's parts (spec §2 Deposit): the promotion choice, the read-only amount with the draft's error, the
 * draft's countdown or the confirm button, the account to pay, and the notes and links. The page holds the state and
 * the draft bill's life; these only show it.
 */
import type { DepositBank, DraftBill, Promotion } from '@sanam/contract'
import { formatAmount } from '@sanam/web-shared/format'
import { useId } from 'react'
import { Link } from 'react-router'
import { BankAccountCard } from '../../../components/bank-account-card.tsx'
import { TextField } from '../../../components/form/text-field.tsx'
import { ActivityIndicator } from '../../../components/full-screen-overlay.tsx'
import { ChatIcon, HistoryIcon } from '../../../components/icons.tsx'
import { KeepHyphenated } from '../../../components/keep-hyphenated.tsx'
import { RunningPromotionNote } from '../../../components/running-promotion-note.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import type { PromotionView } from '../../../lib/running-promotion.ts'
import { copyText } from '../../../lib/copy-text.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useDepositBank } from '../api/get-deposit-bank.ts'
import { formatCountdown } from '../hooks/use-countdown.ts'
import { CopyIcon } from './copy-icon.tsx'
import { QrCodeImage } from '../../../components/qr-code-image.tsx'

/** The title, the slip check's indicator while it runs, and the notice (spec §2 Deposit). */
export function DepositHeading({ checkingSlip }: { checkingSlip: boolean }) {
  return (
    <>
      <header className="deposit__header">
        <h1 className="deposit__title">{t('deposit.title')}</h1>
        {checkingSlip && <ActivityIndicator text={t('overlay.checkingSlip')} />}
      </header>

      <p className="danger-note" role="note">
        {t('deposit.notice')}
      </p>
    </>
  )
}

/**
 * The promotion select, locked while a draft bill lives, with the link to the chosen one's rules; while a promotion
 * runs, which one and until what (none other is offered, ADR 072).
 */
export function PromotionChoice(props: {
  list: Promotion[]
  selected: Promotion | null
  locked: boolean
  running?: PromotionView | null
  onChoose: (value: string) => void
  onShowRules: () => void
}) {
  const selectId = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={selectId}>
        {t('deposit.promotion')}
      </label>
      <div className="field__control deposit__select-control">
        <select
          id={selectId}
          className="field__input deposit__select"
          value={props.selected ? String(props.selected.id) : ''}
          disabled={props.locked}
          onChange={(event) => props.onChoose(event.target.value)}
        >
          <option value="">{t('deposit.noPromotion')}</option>
          {props.list.map((promotion) => (
            <option key={promotion.id} value={promotion.id}>
              {promotion.title}
            </option>
          ))}
        </select>
      </div>
      {props.running && <RunningPromotionNote promotion={props.running} />}
      {props.selected && (
        <button type="button" className="link-button deposit__rules-link" onClick={props.onShowRules}>
          {t('deposit.viewRules')}
        </button>
      )}
    </div>
  )
}

/** Said once the last draft bill ran out of time (the countdown here, or the server after a reload), until the next. */
export function DraftExpired() {
  return (
    <div className="deposit__expired" role="status">
      <p className="deposit__expired-title">{t('deposit.expiredTitle')}</p>
      <p>{t('deposit.expiredText')}</p>
    </div>
  )
}

/** The amount the player will pay (read-only) with the draft's error under it. */
export function DepositAmount(props: { amount: number; error: string | null }) {
  return (
    <TextField
      label={t('deposit.amount')}
      value={formatAmount(props.amount)}
      readOnly
      error={props.error ?? undefined}
      inputClassName="deposit__amount-input"
      trailing={<span className="deposit__unit">{t('deposit.baht')}</span>}
      data-testid="deposit-amount"
    />
  )
}

/** With a draft bill: its countdown and cancel; without one: confirm (never for an amount of zero or less). */
export function DraftActions(props: {
  draft: boolean
  secondsLeft: number
  amount: number
  creating: boolean
  cancelling: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  if (props.draft) {
    return (
      <div className="deposit__draft">
        <p className="deposit__countdown" role="timer" aria-live="off">
          {t('deposit.timeLeft', { time: formatCountdown(props.secondsLeft) })}
        </p>
        <button type="button" className="button button--secondary button--large" disabled={props.cancelling} onClick={props.onCancel}>
          {t('deposit.cancel')}
        </button>
      </div>
    )
  }
  return props.amount > 0 ? (
    <button type="button" className="button button--primary button--large" disabled={props.creating} onClick={props.onConfirm}>
      {t('deposit.confirm')}
    </button>
  ) : null
}

interface Target {
  code: string
  bankName: string | undefined
  name: string
  number: string
  qrcode: string | null | undefined
}

/** The account to pay: the draft bill's when there is one, else the site's deposit account. */
function paymentTarget(draft: DraftBill | null, bank: DepositBank | undefined): Target | null {
  if (draft) {
    const info = draft.payment_information
    return { code: info.bank_code, bankName: info.bank_name, name: info.bank_account_name, number: info.bank_address, qrcode: info.bank_qrcode }
  }
  return bank ? { code: bank.code, bankName: undefined, name: bank.name, number: bank.address, qrcode: bank.qrcode } : null
}

/** The account to pay with a copy button and its PromptPay QR; a retry when it could not be read. */
export function PaymentTarget({ draft }: { draft: DraftBill | null }) {
  const { showToast } = useToast()
  const bank = useDepositBank()
  const target = paymentTarget(draft, bank.data)

  async function copy(accountNumber: string) {
    if (await copyText(accountNumber)) showToast({ kind: 'success', text: t('toast.accountCopied') })
    else showToast({ kind: 'error', text: t('deposit.copyFailed') })
  }

  if (target) {
    return (
      <BankAccountCard
        heading={t('deposit.target')}
        account={{ bankCode: target.code, ...(target.bankName ? { bankName: target.bankName } : {}), accountName: target.name, accountNumber: target.number }}
        highlight
        testId="target-bank"
      >
        <button type="button" className="button button--ghost deposit__copy" onClick={() => void copy(target.number)}>
          <CopyIcon />
          {t('deposit.copyAccount')}
        </button>
        {target.qrcode && <QrCodeImage payload={target.qrcode} alt={t('deposit.qrAlt', { account: target.number })} hint={t('deposit.qrHint')} />}
      </BankAccountCard>
    )
  }
  return bank.status === 'error' ? (
    <section className="card deposit__problem" role="alert">
      <p>{errorText(bank.error, 'deposit.loadFailed')}</p>
      <button type="button" className="button button--ghost" onClick={() => void bank.refetch()}>
        {t('action.retry')}
      </button>
    </section>
  ) : (
    <p className="deposit__loading">{t('state.loading')}</p>
  )
}

/** The notes under the form and the links onward: support (a new window), history, responsible play. */
export function DepositNotesAndLinks({ contactUrl }: { contactUrl: string | undefined }) {
  return (
    <>
      <ul className="deposit__notes">
        <li>{t('deposit.creditNote')}</li>
        <li>{t('deposit.ownAccountNote')}</li>
      </ul>

      <nav className="deposit__links" aria-label={t('deposit.title')}>
        <a className="button button--ghost" href={contactUrl ?? '#'} target="_blank" rel="noopener noreferrer" aria-disabled={contactUrl ? undefined : true}>
          <ChatIcon />
          {t('action.contactSupport')}
          <span className="visually-hidden">{t('state.opensNewWindow')}</span>
        </a>
        <Link className="button button--ghost" to="/history" state={{ tab: 'withdraw' }}>
          <HistoryIcon />
          <span>
            <KeepHyphenated text={t('deposit.history')} />
          </span>
        </Link>
        <Link className="button button--ghost deposit__links-wide" to="/responsible-play" data-testid="responsible-play-link">
          {t('limits.title')}
        </Link>
      </nav>
    </>
  )
}
