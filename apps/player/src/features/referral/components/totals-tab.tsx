import type { PayoutWallet, PayoutWalletName } from '@sanam/contract'
import type { ReactNode } from 'react'
import { CardSection } from '../../../components/card-section.tsx'
import { CoinsIcon, GiftIcon } from '../../../components/icons.tsx'
import { ErrorState, LoadingState } from '../../../components/list-state.tsx'
import { Spinner } from '../../../components/spinner.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { useBalanceQuery } from '../../../lib/balance-query.ts'
import { formatBahtWord } from '@sanam/web-shared/format'
import { t, type MessageKey } from '../../../lib/i18n/index.ts'
import { useTransferToMain } from '../api/transfer-to-main.ts'

/** The two wallets a player moves to the main one, in the order the tab shows them. */
const PAYOUT_WALLETS: Array<{ name: PayoutWalletName; title: MessageKey; icon: ReactNode }> = [
  { name: 'bonus', title: 'home.bonus', icon: <GiftIcon /> },
  { name: 'refund', title: 'home.refund', icon: <CoinsIcon /> },
]

/**
 * Spec §2 Referral totals tab: the referral bonus and play-refund wallets (total, remaining, min and max per
 * transfer, payout interval), each with its move to the main wallet, offered once the remaining amount reaches the
 * minimum. The server's message is the toast.
 */
export function TotalsTab() {
  const balance = useBalanceQuery()
  const transfer = useTransferToMain()
  const { showToast } = useToast()

  if (balance.isPending) return <LoadingState />
  if (balance.isError) return <ErrorState onRetry={() => void balance.refetch()} />

  const handleTransfer = (wallet: PayoutWalletName) => {
    if (transfer.isPending) return
    transfer.mutate(wallet, {
      onSuccess: (answer) => showToast({ kind: 'success', text: answer.message ?? t('transfer.done') }),
      onError: (failure) => showToast({ kind: 'error', text: errorText(failure, 'error.generic') }),
    })
  }
  const busy = (wallet: PayoutWalletName) => transfer.isPending && transfer.variables === wallet

  return (
    <>
      {PAYOUT_WALLETS.map((payout) => (
        <PayoutCard
          key={payout.name}
          name={payout.name}
          title={t(payout.title)}
          icon={payout.icon}
          wallet={balance.data[payout.name]}
          busy={busy(payout.name)}
          disabled={transfer.isPending}
          onTransfer={handleTransfer}
        />
      ))}
    </>
  )
}

/**
 * Why the wallet cannot be moved yet, or null when it can: the server refuses less than the plan's minimum per move
 * (and an empty wallet), so the button waits for it and says what it waits for.
 */
function belowMinimum(wallet: PayoutWallet): string | null {
  if (wallet.remaining > 0 && wallet.remaining >= wallet.options.min) return null
  return wallet.options.min > 0 ? t('referral.belowMin', { n: formatBahtWord(wallet.options.min) }) : t('referral.nothing')
}

function PayoutCard(props: {
  name: PayoutWalletName
  title: string
  icon: ReactNode
  wallet: PayoutWallet
  busy: boolean
  disabled: boolean
  onTransfer: (name: PayoutWalletName) => void
}) {
  const { wallet } = props
  const noteId = `payout-${props.name}-note`
  const short = belowMinimum(wallet)
  return (
    <CardSection
      block="payout-card"
      title={
        <>
          {props.icon}
          {props.title}
        </>
      }
      testId={`payout-${props.name}`}
    >
      <p className="payout-card__remaining">
        <span className="payout-card__label">{t('referral.remaining')}</span>
        <span className="payout-card__amount" data-testid={`${props.name}-remaining`}>
          {formatBahtWord(wallet.remaining)}
        </span>
      </p>
      <dl className="payout-card__terms">
        <div>
          <dt>{t('referral.total')}</dt>
          <dd data-testid={`${props.name}-total`}>{formatBahtWord(wallet.total)}</dd>
        </div>
        <div>
          <dt>{t('referral.min')}</dt>
          <dd>{formatBahtWord(wallet.options.min)}</dd>
        </div>
        <div>
          <dt>{t('referral.max')}</dt>
          <dd>{formatBahtWord(wallet.options.max)}</dd>
        </div>
        <div>
          <dt>{t('referral.interval')}</dt>
          <dd>{t(`interval.${wallet.options.interval}` as MessageKey)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--primary button--large"
        disabled={props.disabled || short !== null}
        aria-busy={props.busy}
        aria-describedby={short ? noteId : undefined}
        onClick={() => props.onTransfer(props.name)}
      >
        {props.busy && <Spinner />}
        {t('action.transferToMain')}
      </button>
      {short && (
        <p className="payout-card__note" id={noteId} data-testid={`${props.name}-below-min`}>
          {short}
        </p>
      )}
    </CardSection>
  )
}
