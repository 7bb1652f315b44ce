import type { Promotion, UserMe } from '@sanam/contract'
import { ruleNumber } from '@sanam/contract/promotions/rules'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useToast } from '../../../components/toast/use-toast.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { BankAccountCard, registeredAccount } from '../../../components/bank-account-card.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { getSession } from '../../../lib/session.ts'
import { useTimeouts } from '../../../lib/use-timeouts.ts'
import { beginDepositCheck, checkDepositStatus } from '../api/check-deposit-status.ts'
import { useDepositConfig } from '../api/get-deposit-config.ts'
import { usePromotions } from '../api/get-promotions.ts'
import { useBalanceWatch, type PushedBalances } from '../hooks/use-balance-watch.ts'
import { useCountdown } from '../hooks/use-countdown.ts'
import { useDraftBill } from '../hooks/use-draft-bill.ts'
import { useSlipCheck } from '../hooks/use-slip-check.ts'
import { DepositAmount, DepositHeading, DepositNotesAndLinks, DraftActions, DraftExpired, PaymentTarget, PromotionChoice } from './deposit-parts.tsx'
import { PromotionModal } from './promotion-modal.tsx'
import { SlipUpload } from './slip-upload.tsx'
import { runningPromotion } from '../../../lib/running-promotion.ts'
import '../deposit.css'

/** Spec §9: a draft bill lives 180 s (the server says how long is left); after a credited deposit the player goes home 1 s later. */
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

/** Once the balance rises (the deposit was credited), says so and goes home shortly after; true from then on. */
function useHomeOnCredit(readBalance: () => Promise<number>, pushed: PushedBalances | undefined): boolean {
  const navigate = useNavigate()
  const { showToast } = useToast()
  const schedule = useTimeouts()
  const [leaving, setLeaving] = useState(false)
  useBalanceWatch(
    readBalance,
    () => {
      setLeaving(true)
      showToast({ kind: 'success', text: t('toast.depositOk') })
      schedule(() => void navigate('/', { replace: true }), HOME_AFTER_DEPOSIT_MS)
    },
    pushed ? { pushed } : {},
  )
  return leaving
}

/**
 * The deposit screen (spec §2 Deposit, §4 draft bill, balance watch and slip check, §5, §8, §9): the notice, the
 * player's own account, the promotion choice with its rules, the read-only amount, the draft bill with its 180 s
 * countdown, the account to pay with a copy button and the PromptPay QR, links and notes. The draft bill is the
 * server's (ADR 071): a reload shows it again, and one that runs out says so here. Watches the balance (the live
 * stream's pushes where it is connected, else a read every 5 s) while open, checks the slip status while a bill is
 * open, and goes home once the money is in.
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
  const location = useLocation()
  const [params] = useSearchParams()
  const { showToast } = useToast()
  const config = useDepositConfig()
  const promotions = usePromotions()
  const bill = useDraftBill()
  const draft = bill.live

  const [selectedId, setSelectedId] = useState<number | null>(() => readPromotionId(params.get('promotion_id')))
  const [showRules, setShowRules] = useState(false)
  const [draftError, setDraftError] = useState<string | null>(null)

  const list = promotions.data ?? []
  // An open bill shows what it was made with: its promotion and its amount.
  const chosenId = draft ? draft.promotion_id : selectedId
  const selected = list.find((promotion) => promotion.id === chosenId) ?? null
  // A promotion asked for by the link that this player may not take (or that is gone) is simply not chosen.
  const waitingForList = selectedId !== null && promotions.status === 'pending'
  const linked = waitingForList && !draft ? ((location.state as DepositLocationState | null) ?? null) : null
  const amount = draft ? draft.amount : depositAmount(selected, config.data?.min_amount)

  // Spec §8: a failed config load is only logged; the amount falls back to 100.
  useEffect(() => {
    if (config.error) console.warn('deposit config could not be loaded', config.error)
  }, [config.error])

  /** Spec §4: no promotion, no error, the countdown back at 180. */
  const resetAll = useCallback(() => {
    setSelectedId(null)
    setShowRules(false)
    setDraftError(null)
  }, [])

  // At zero the bill is over: everything resets and the screen says the bill expired (not a silent trip home).
  const secondsLeft = useCountdown(draft?.payment_id ?? null, draft?.seconds_left ?? DRAFT_SECONDS, () => {
    resetAll()
    bill.expire()
  })

  const leaving = useHomeOnCredit(readBalance, pushed)

  // The slip check looks for the transfer a bill asks for: it runs while one is open, not merely while the page is.
  const checkingSlip = useSlipCheck({
    userId: draft && user ? user.uid : null,
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
    if (draft || bill.loading || bill.create.isPending || !(amount > 0)) return
    setDraftError(null)
    bill.create.mutate(
      { amount, promotion: selected?.id ?? null },
      {
        onSuccess: () => showToast({ kind: 'success', text: t('toast.draftCreated') }),
        onError: (error) => {
          // A 409 is a bill already open (another tab's): it is read again and shown, with its cancel button.
          const text = errorText(error, 'error.generic')
          setDraftError(text)
          // A 401 has already ended the session and said so.
          if (!(error instanceof ApiError && error.status === 401)) showToast({ kind: 'error', text })
        },
      },
    )
  }

  function handleCancel() {
    if (!draft || bill.cancel.isPending) return
    const cancelled = () => {
      resetAll()
      showToast({ kind: 'success', text: t('toast.promotionCancelled') })
    }
    bill.cancel.mutate(undefined, {
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
        {bill.expired && <DraftExpired />}
        {linked?.image && <img className="deposit__linked-image" src={linked.image} alt={linked.title ?? ''} width={720} height={360} />}
        <PromotionChoice
          list={list}
          selected={selected}
          locked={draft !== null}
          running={runningPromotion(user?.promotion)}
          onChoose={handleChoose}
          onShowRules={() => setShowRules(true)}
        />
        <DepositAmount amount={amount} error={draft ? null : draftError} />
        <DraftActions
          draft={draft !== null}
          secondsLeft={secondsLeft}
          amount={amount}
          creating={bill.create.isPending || bill.loading}
          cancelling={bill.cancel.isPending}
          onConfirm={handleConfirm}
          onCancel={handleCancel}
        />
      </section>

      <PaymentTarget draft={draft} />
      <SlipUpload />
      <DepositNotesAndLinks contactUrl={contactUrl} />
      {showRules && selected && <PromotionModal promotion={selected} onClose={() => setShowRules(false)} />}
    </div>
  )
}

function readPromotionId(value: string | null): number | null {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null
}
