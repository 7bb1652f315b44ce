import { formatBaht, formatWhole } from '@sanam/web-shared/format'
import '../responsible-play.css'
import { useEffect } from 'react'
import { Modal } from '../../../components/modal.tsx'
import { useToast } from '../../../components/toast/use-toast.ts'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useSessionReminderQuery } from '../../../lib/session-reminder-query.ts'
import { useAcknowledgeReminder } from '../api/acknowledge-reminder.ts'

/** Never wait longer than this before asking again (a timer far ahead may be lost to a sleeping phone). */
const MAX_WAIT_MS = 5 * 60_000

/**
 * The session reminder (issue 21 §6, ADR 048), over every signed-in page: when the server says a reminder is owed,
 * the time played and the net result since sign-in, acknowledged before play goes on. The server decides when it is
 * owed; the app only asks again when the server said it would be (its seconds, not the phone's clock), and when a
 * launch was refused for it.
 */
export function SessionReminder({ signedIn }: { signedIn: boolean }) {
  const reminder = useSessionReminderQuery(signedIn)
  const acknowledge = useAcknowledgeReminder()
  const { showToast } = useToast()
  const state = reminder.data
  const { refetch } = reminder

  useEffect(() => {
    if (!state || state.due || state.due_in_seconds === null) return
    const timer = window.setTimeout(() => void refetch(), Math.min(state.due_in_seconds * 1000 + 500, MAX_WAIT_MS))
    return () => window.clearTimeout(timer)
  }, [state, refetch])

  if (!signedIn || !state?.due) return null
  const handleAcknowledge = () =>
    acknowledge.mutate(undefined, { onError: (failure) => showToast({ kind: 'error', text: errorText(failure, 'error.generic') }) })
  const net = state.net_result
  return (
    <Modal title={t('reminder.title')} onClose={handleAcknowledge}>
      <div className="session-reminder" data-testid="session-reminder">
        <p className="session-reminder__played">{t('reminder.played', { n: formatWhole(state.minutes_played) })}</p>
        <p className="session-reminder__label">{t('reminder.net')}</p>
        <p className={`session-reminder__net ${net < 0 ? 'session-reminder__net--loss' : ''}`} data-testid="session-reminder-net">
          {net > 0 ? '+' : ''}
          {formatBaht(net)}
        </p>
        <p className="session-reminder__hint">{t('reminder.hint')}</p>
        <button type="button" className="button button--primary button--large" disabled={acknowledge.isPending} onClick={handleAcknowledge}>
          {t('reminder.acknowledge')}
        </button>
      </div>
    </Modal>
  )
}
