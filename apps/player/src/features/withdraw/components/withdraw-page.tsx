import type { UserMe } from '@sanam/contract'
import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { AmountInput } from '../../../components/amount-input.tsx'
import { BankAccountCard, registeredAccount } from '../../../components/bank-account-card.tsx'
import { SubmitButton } from '../../../components/form/form-actions.tsx'
import { HistoryIcon, HourglassIcon, WithdrawIcon } from '../../../components/icons.tsx'
import { ErrorState } from '../../../components/list-state.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { useBalanceQuery } from '../../../lib/balance-query.ts'
import { formatWhole } from '@sanam/web-shared/format'
import { t } from '../../../lib/i18n/index.ts'
import { randomId } from '@sanam/web-shared/random-id'
import { useCreateWithdrawal } from '../api/create-withdrawal.ts'
import { useWithdrawConfigQuery } from '../api/get-withdraw-config.ts'
import { withdrawalProblem } from '../validation.ts'
import { WithdrawableCard } from './withdrawable-card.tsx'
import '../../../components/money-page.css'

/**
 * /withdraw (spec §2 Withdraw, §5): the balance, the amount with its rules, the registered account the money goes
 * to, and the 10-15 minute note. Under a MAX_WITHDRAW promotion the amount is fixed by the server and the field
 * is locked with it; while the terms are unknown (loading, or no flag in the answer) the field is disabled. While a
 * promotion's target is not met nothing can be withdrawn: the page says so and why before the player types (ADR 072).
 */
export function WithdrawPage({ user }: { user: UserMe | null }) {
  const config = useWithdrawConfigQuery()
  const balance = useBalanceQuery()
  const withdrawal = useCreateWithdrawal()
  const { showToast } = useToast()
  const [digits, setDigits] = useState('')
  const [error, setError] = useState<string | null>(null)
  // One key per intent: kept while the same amount is retried after no answer, replaced when the amount changes
  // or the server has answered. `sending` stops a second tap landing before React re-renders the disabled button.
  const intent = useRef<{ amount: number; key: string } | null>(null)
  const sending = useRef(false)
  // Set when leaving the field raised the amount. A tap on confirm blurs the field first, so without this the
  // raised amount would be sent by the same tap, before the player has seen it: that tap only shows it.
  const raised = useRef(false)

  const terms = config.data
  const mandatory: boolean | undefined = terms?.options?.mandatory
  const min = terms?.min_withdraw ?? 0
  const amountDigits = mandatory && terms ? String(Math.floor(terms.options.value)) : digits
  // ADR 072: a running promotion whose target is not met holds the whole balance; nothing can be sent until it is.
  const heldBy = terms?.held_by ?? null

  const handleDigits = (next: string) => {
    raised.current = false
    setDigits(next)
    setError(null)
  }

  // Spec §5: leaving the field with less than the minimum raises it to the minimum and says why.
  const handleBlur = () => {
    if (mandatory !== false || digits === '' || Number(digits) >= min) return
    raised.current = true
    setDigits(String(Math.ceil(min)))
    setError(t('withdraw.minimum', { n: formatWhole(min) }))
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (sending.current || mandatory === undefined || heldBy) return
    if (raised.current) {
      raised.current = false
      return
    }
    const problem = withdrawalProblem(amountDigits, min)
    if (problem) {
      setError(problem)
      return
    }
    const amount = Number(amountDigits)
    if (intent.current?.amount !== amount) intent.current = { amount, key: randomId() }
    sending.current = true
    withdrawal.mutate(
      { amount, idempotencyKey: intent.current.key },
      {
        onSuccess: (answer) => {
          intent.current = null
          setDigits('')
          showToast({ kind: 'success', text: answer.message ?? t('withdraw.received') })
        },
        onError: (failure) => {
          // The server answered: this intent is over. No answer at all: the same tap may have gone through, so a
          // retry keeps the key and cannot withdraw twice.
          if (!(failure instanceof ApiError && failure.status === 0)) intent.current = null
          showToast({ kind: 'error', text: errorText(failure, 'error.generic') })
        },
        onSettled: () => {
          sending.current = false
        },
      },
    )
  }

  const hint = mandatory
    ? t('withdraw.mandatoryHint', { n: formatWhole(terms?.options.value ?? 0) })
    : terms
      ? t('withdraw.amountHint', { n: formatWhole(min) })
      : undefined

  return (
    <div className="money-page">
      <h1 className="money-page__title">{t('action.withdraw')}</h1>

      <WithdrawableCard balance={balance.data?.balance} terms={terms} />

      <form className="card money-form" noValidate onSubmit={handleSubmit}>
        <AmountInput
          label={t('withdraw.amount')}
          icon={<WithdrawIcon />}
          digits={amountDigits}
          onDigitsChange={handleDigits}
          onBlur={handleBlur}
          readOnly={mandatory === true}
          disabled={mandatory === undefined || heldBy !== null}
          error={error ?? undefined}
          hint={hint}
        />
        {/* Without the terms the field stays disabled: say why and offer another try. */}
        {config.isError && !terms && <ErrorState onRetry={() => void config.refetch()} />}
        <SubmitButton busy={withdrawal.isPending} disabled={heldBy !== null}>
          {t('action.confirm')}
        </SubmitButton>
        <Link className="text-link money-form__link" to="/history" state={{ tab: 'withdraw' }}>
          <HistoryIcon />
          {t('withdraw.history')}
        </Link>
      </form>

      <BankAccountCard heading={t('withdraw.toAccount')} account={user ? registeredAccount(user) : null} note={t('withdraw.ownAccountNote')} />

      <p className="money-note">
        <HourglassIcon />
        {t('withdraw.timeNote')}
      </p>
    </div>
  )
}
