import type { DraftBill, Promotion, UserMe } from '@sanam/contract'
import { ruleNumber } from '@sanam/contract/promotions/rules'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useToast } from '../../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { BankAccountCard, registeredAccount } from '../../../components/bank-account-card.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { getSession } from '../../../lib/session.ts'
import { useTimeouts } from '../../../lib/use-timeouts.ts'
import { useCancelDraftBill } from '../api/cancel-draft-bill.ts'
import { beginDepositCheck, checkDepositStatus } from '../api/check-deposit-status.ts'
import { useCreateDraftBill } from '../api/create-draft-bill.ts'
import { useDepositConfig } from '../api/get-deposit-config.ts'
import { usePromotions } from '../api/get-promotions.ts'
import { useBalanceWatch, type PushedBalances } from '../hooks/use-balance-watch.ts'
import { useCountdown } from '../hooks/use-countdown.ts'
import { useSlipCheck } from '../hooks/use-slip-check.ts'
import { DepositAmount, DepositHeading, DepositNotesAndLinks, DraftActions, PaymentTarget, PromotionChoice } from './deposit-parts.tsx'
import { PromotionModal } from './promotion-modal.tsx'
import { runningPromotion } from '../../../lib/running-promotion.ts'
import '../deposit.css'

/** Spec §9: a draft bill lives 180 s; after a credited deposit the player goes home 1 s later. */
export const DRAFT_SECONDS = 180
export const HOME_AFTER_DEPOSIT_MS = 1000
/** Spec §4: the amount when neither the promotion nor the config says one. */
export const DEFAULT_MIN_DEPOSIT = 100

/** What the promotion page passes with `?promotion_id=` (spec §2 Promotion page): shown until the list loads. */
export interface DepositLocationState {
  image?: string
  title?: string
}

/** Spec §4: the promotion's MIN_DEPOSIT, else the config's min_amount, else 100. */
export function depositAmount(promotion: Promotion | null, configMin: number | undefined): number {
  const min = promotion ? ruleNumber(promotion.rules, 'MIN_DEPOSIT') : null
  return min ?? configMin ?? DEFAULT_MIN_DEPOSIT
}

/**
 * The deposit screen (spec §2 Deposit, §4 draft bill, balance watch and slip check, §5, §8, §9): the notice, the
 * player's own account, the promotion choice with its rules, the read-only amount, the draft bill with its 180 s
 * countdown, the account to pay with a copy button and the PromptPay QR, links and notes. Watches the balance (the
 * live stream's pushes where it is connected, else a read every 5 s) and the slip status while open and goes home
 * once the money is in.
 */
export function DepositPage({
  user,
  readBalance,
  pushed,
  contactUrl,
}: {
  user: UserMe | null
  readBalance: () => Promise<number>
  pushed?: PushedBalances
  contactUrl: string | undefined
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const { showToast } = useToast()
  const schedule = useTimeouts()
  const config = useDepositConfig()
  const promotions = usePromotions()
  const createDraft = useCreateDraftBill()
  const cancelDraft = useCancelDraftBill()

  const [selectedId, setSelectedId] = useState<number | null>(() => readPromotionId(params.get('promotion_id')))
  const [showRules, setShowRules] = useState(false)
  const [draft, setDraft] = useState<DraftBill | null>(null)
  const [draftError, setDraftError] = useState<string | null>(null)
  // A bill left live on the server (another tab, a reload within its 180 s): the player may drop it from here.
  const [olderBill, setOlderBill] = useState(false)
  const [leaving, setLeaving] = useState(false)

  const list = promotions.data ?? []
  const selected = list.find((promotion) => promotion.id === selectedId) ?? null
  // A promotion asked for by the link that this player may not take (or that is gone) is simply not chosen.
  const waitingForList = selectedId !== null && promotions.status === 'pending'
  const linked = waitingForList ? ((location.state as DepositLocationState | null) ?? null) : null
  const amount = depositAmount(selected, config.data?.min_amount)

  // Spec §8: a failed config load is only logged; the amount falls back to 100.
  useEffect(() => {
    if (config.error) console.warn('deposit config could not be loaded', config.error)
  }, [config.error])

  /** Spec §4: no promotion, no draft, no error, the countdown back at 180. */
  const resetAll = useCallback(() => {
    setSelectedId(null)
    setShowRules(false)
    setDraft(null)
    setDraftError(null)
    setOlderBill(false)
  }, [])

  const secondsLeft = useCountdown(draft !== null, DRAFT_SECONDS, () => {
    resetAll()
    void navigate('/', { replace: true })
  })

  useBalanceWatch(
    readBalance,
    () => {
      setLeaving(true)
      showToast({ kind: 'success', text: t('toast.depositOk') })
      schedule(() => void navigate('/', { replace: true }), HOME_AFTER_DEPOSIT_MS)
    },
    pushed ? { pushed } : {},
  )

  const checkingSlip = useSlipCheck({
    userId: user?.uid ?? null,
    begin: beginDepositCheck,
    check: checkDepositStatus,
    hasToken: () => getSession().token !== null,
  })

  function handleChoose(value: string) {
    if (draft) return
    if (value === '') {
      resetAll()
      return
    }
    setSelectedId(Number(value))
    setDraftError(null)
    setShowRules(true)
  }

  function handleConfirm() {
    // Spec §5: no draft while one exists or for an amount of zero or less.
    if (draft || createDraft.isPending || !(amount > 0)) return
    setDraftError(null)
    createDraft.mutate(
      { amount, promotion: selected?.id ?? null },
      {
        onSuccess: (bill) => {
          setDraft(bill)
          showToast({ kind: 'success', text: t('toast.draftCreated') })
        },
        onError: (error) => {
          const text = errorText(error, 'error.generic')
          setDraftError(text)
          setOlderBill(error instanceof ApiError && error.status === 409)
          // A 401 has already ended the session and said so.
          if (!(error instanceof ApiError && error.status === 401)) showToast({ kind: 'error', text })
        },
      },
    )
  }

  function handleCancel() {
    if ((!draft && !olderBill) || cancelDraft.isPending) return
    const cancelled = () => {
      resetAll()
      showToast({ kind: 'success', text: t('toast.promotionCancelled') })
    }
    cancelDraft.mutate(undefined, {
      onSuccess: cancelled,
      // 404: the bill is already gone on the server (expired or paid), which is what cancelling wants.
      onError: (error) =>
        error instanceof ApiError && error.status === 404 ? cancelled() : showToast({ kind: 'error', text: errorText(error, 'error.generic') }),
    })
  }

  return (
    <div className="deposit">
      <DepositHeading checkingSlip={checkingSlip && !leaving} />

      <BankAccountCard heading={t('deposit.yourAccount')} account={user ? registeredAccount(user) : null} testId="member-bank" />

      <section className="card deposit__form">
        {linked?.image && <img className="deposit__linked-image" src={linked.image} alt={linked.title ?? ''} width={720} height={360} />}
        <PromotionChoice
          list={list}
          selected={selected}
          locked={draft !== null}
          running={runningPromotion(user?.promotion)}
          onChoose={handleChoose}
          onShowRules={() => setShowRules(true)}
        />
        <DepositAmount amount={amount} error={draftError} olderBill={olderBill && !draft} cancelling={cancelDraft.isPending} onCancelOlder={handleCancel} />
        <DraftActions
          draft={draft !== null}
          secondsLeft={secondsLeft}
          amount={amount}
          creating={createDraft.isPending}
          cancelling={cancelDraft.isPending}
          onConfirm={handleConfirm}
          onCancel={handleCancel}
        />
      </section>

      <PaymentTarget draft={draft} />
      <DepositNotesAndLinks contactUrl={contactUrl} />
      {showRules && selected && <PromotionModal promotion={selected} onClose={() => setShowRules(false)} />}
    </div>
  )
}

function readPromotionId(value: string | null): number | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null
}
