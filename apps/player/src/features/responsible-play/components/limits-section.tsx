import type { LimitKind, PlayerLimit } from '@sanam/contract'
import { formatBaht, formatDateTime, formatWhole } from '@sanam/web-shared/format'
import { useState, type FormEvent } from 'react'
import { AmountInput } from '../../../components/amount-input.tsx'
import { SubmitButton } from '../../../components/form/form-actions.tsx'
import { ErrorState } from '../../../components/list-state.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useChangeLimit, type LimitChange } from '../api/change-limit.ts'
import { useLimitsQuery } from '../api/get-limits.ts'
import { useLimitAmount } from '../hooks/use-limit-amount.ts'
import { CardSection } from '../../../components/card-section.tsx'

/** The reminder intervals offered, in minutes (the server takes any whole number from 5 to 720). */
const REMINDER_CHOICES = [15, 30, 45, 60, 90, 120] as const
const MONEY_KINDS = ['DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY'] as const

/**
 * The player's own limits (ADR 048): each deposit limit, the daily loss limit and the session reminder, with what is
 * in force, what it has left, and any change waiting for the player's second confirmation.
 */
export function LimitsSection() {
  const limits = useLimitsQuery()
  if (limits.isError && !limits.data) return <ErrorState onRetry={() => void limits.refetch()} />
  const byKind = new Map(limits.data?.limits.map((l) => [l.kind, l]))
  return (
    <>
      {MONEY_KINDS.map((kind) => (
        <MoneyLimitCard key={kind} kind={kind} limit={byKind.get(kind)} />
      ))}
      <ReminderCard limit={byKind.get('SESSION_REMINDER')} />
    </>
  )
}

/** Sends a change and says what the server answered (at once, or waiting 24 hours), in a toast. */
function useLimitAction() {
  const change = useChangeLimit()
  const { showToast } = useToast()
  const run = (request: LimitChange, onDone?: () => void) =>
    change.mutate(request, {
      onSuccess: (answer) => {
        if (answer.message) showToast({ kind: 'success', text: answer.message })
        onDone?.()
      },
      onError: (failure) => showToast({ kind: 'error', text: errorText(failure, 'error.generic') }),
    })
  return { run, busy: change.isPending }
}

function MoneyLimitCard({ kind, limit }: { kind: (typeof MONEY_KINDS)[number]; limit: PlayerLimit | undefined }) {
  const amount = useLimitAmount()
  const { run, busy } = useLimitAction()

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const value = amount.read()
    if (value !== null) run({ action: 'set', body: { kind, value } }, amount.clear)
  }

  return (
    <CardSection block="limit-card" title={t(`limits.kind.${kind}`)} testId={`limit-${kind}`}>
      <p className="limit-card__value" data-testid={`limit-${kind}-value`}>
        {limit ? (
          limit.value === null ? (
            t('limits.none')
          ) : (
            t('limits.amount', { n: formatWhole(limit.value) })
          )
        ) : (
          <span className="skeleton" aria-label={t('state.loading')} />
        )}
      </p>
      {limit?.used !== null && limit?.used !== undefined && (
        <p className="limit-card__usage" data-testid={`limit-${kind}-usage`}>
          {limit.remaining === null
            ? t('limits.usedOnly', { used: formatBaht(limit.used) })
            : t('limits.used', { used: formatBaht(limit.used), remaining: formatBaht(limit.remaining) })}
        </p>
      )}
      <p className="limit-card__note">{t(`limits.note.${kind}`)}</p>
      {limit?.pending && <PendingChange kind={kind} limit={limit} format={(v) => t('limits.amount', { n: formatWhole(v) })} />}
      <form className="limit-card__form" noValidate onSubmit={handleSubmit}>
        <AmountInput label={t('limits.newAmount', { limit: t(`limits.kind.${kind}`) })} {...amount.field} />
        <SubmitButton busy={busy}>{t('limits.save')}</SubmitButton>
        {limit?.value !== null && limit?.value !== undefined && !limit.pending && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => run({ action: 'set', body: { kind, value: null } })}>
            {t('limits.remove')}
          </button>
        )}
      </form>
    </CardSection>
  )
}

function ReminderCard({ limit }: { limit: PlayerLimit | undefined }) {
  const [choice, setChoice] = useState<string>('')
  const { run, busy } = useLimitAction()
  const current = limit?.value ?? null

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const minutes = choice === '' ? null : Number(choice)
    if (minutes === current) return
    run({ action: 'set', body: { kind: 'SESSION_REMINDER', value: minutes } })
  }

  return (
    <CardSection block="limit-card" title={t('limits.kind.SESSION_REMINDER')} testId="limit-SESSION_REMINDER">
      <p className="limit-card__value" data-testid="limit-SESSION_REMINDER-value">
        {limit ? current === null ? t('limits.none') : t('limits.minutes', { n: current }) : <span className="skeleton" aria-label={t('state.loading')} />}
      </p>
      <p className="limit-card__note">{t('limits.note.SESSION_REMINDER')}</p>
      {limit?.pending && <PendingChange kind="SESSION_REMINDER" limit={limit} format={(v) => t('limits.minutes', { n: v })} />}
      <form className="limit-card__form" noValidate onSubmit={handleSubmit}>
        <fieldset className="limit-card__choices">
          <legend>{t('limits.reminderChoice')}</legend>
          {REMINDER_CHOICES.map((minutes) => (
            <label key={minutes} className="limit-chip">
              <input type="radio" name="reminder" value={minutes} checked={choice === String(minutes)} onChange={() => setChoice(String(minutes))} />
              <span>{t('limits.minutes', { n: minutes })}</span>
            </label>
          ))}
          <label className="limit-chip">
            <input type="radio" name="reminder" value="" checked={choice === ''} onChange={() => setChoice('')} />
            <span>{t('limits.reminderOff')}</span>
          </label>
        </fieldset>
        <SubmitButton busy={busy}>{t('limits.saveReminder')}</SubmitButton>
      </form>
    </CardSection>
  )
}

/** A looser value or a removal waiting: when it may be confirmed, and the two answers. */
function PendingChange({ kind, limit, format }: { kind: LimitKind; limit: PlayerLimit; format: (value: number) => string }) {
  const { run, busy } = useLimitAction()
  const pending = limit.pending
  if (!pending) return null
  const change = pending.value === null ? t('limits.pendingRemove') : t('limits.pendingChange', { value: format(pending.value) })
  return (
    <div className="limit-card__pending" role="status" data-testid={`limit-${kind}-pending`}>
      <p>{t('limits.pending', { change })}</p>
      <p className="limit-card__note">{t('limits.pendingFrom', { at: formatDateTime(pending.confirmable_from), until: formatDateTime(pending.lapses_at) })}</p>
      <div className="limit-card__actions">
        <button type="button" className="button button--primary" disabled={busy || !pending.confirmable} onClick={() => run({ action: 'confirm', kind })}>
          {t('limits.confirm')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => run({ action: 'cancel', kind })}>
          {t('limits.cancelPending')}
        </button>
      </div>
    </div>
  )
}
