import { mayOperator, type OutboxToday } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import { ListTable } from '../../components/list-table.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useOutboxToday } from './api/get-outbox.ts'
import { useResendOutboxMessage } from './api/resend-outbox-message.ts'

type Message = OutboxToday['failed'][number]

const templateText = (id: string) => t(`outbox.template.${id}` as MessageKey)

/**
 * Messages to people (ADR 083): per channel what went, failed and waits today, the desk's open alerts (a gateway out
 * of credit), and a resend of a failed notice. A message that carried a code is never resent: the person asks again.
 */
export function OutboxPage() {
  const me = useOperator()
  const today = useOutboxToday()
  const resend = useResendOutboxMessage()
  const toast = useToast()
  const mayResend = mayOperator(me.data?.role, 'members.handle')
  if (today.isPending) return <p>{t('common.loading')}</p>
  const data = today.data
  if (!data) return <p role="alert">{errorText(today.error)}</p>
  return (
    <section className="panel">
      <h1 className="panel__title">{t('outbox.title')}</h1>
      <p className="muted">{t('outbox.lead')}</p>
      {data.alerts.map((alert) => (
        <p key={alert.id} role="alert" className="notice notice--warn">
          {t(`outbox.alert.${alert.kind}` as MessageKey)} ({alert.channel}, {formatDateTimeSeconds(alert.created_at)})
        </p>
      ))}
      <ListTable
        caption={`${t('outbox.today')} ${data.day}`}
        heads={[t('outbox.channel'), t('outbox.sent'), t('outbox.failed'), t('outbox.waiting')]}
        items={data.channels}
        itemKey={(c) => c.channel}
        row={(c) => (
          <>
            <th scope="row">{c.channel.toUpperCase()}</th>
            <td>{c.sent}</td>
            <td>{c.failed}</td>
            <td>{c.waiting}</td>
          </>
        )}
      />
      <h2>{t('outbox.failedTitle')}</h2>
      <MessageList
        messages={data.failed}
        action={(m) =>
          mayResend && m.resendable ? (
            <button
              type="button"
              className="button"
              disabled={resend.isPending}
              onClick={() => resend.mutate(m.id, { onSuccess: ({ message }) => toast(message ?? t('outbox.resent')), onError: (e) => toast(errorText(e)) })}
            >
              {t('outbox.resend')} #{m.id}
            </button>
          ) : m.resendable ? null : (
            <span className="muted">{t('outbox.notResendable')}</span>
          )
        }
      />
      <h2>{t('outbox.waitingTitle')}</h2>
      <MessageList messages={data.waiting} />
    </section>
  )
}

function MessageList({ messages, action }: { messages: Message[]; action?: (m: Message) => React.ReactNode }) {
  if (messages.length === 0) return <p className="muted">{t('common.empty')}</p>
  return (
    <ol className="outbox-list">
      {messages.map((m) => (
        <li key={m.id}>
          <strong>
            #{m.id} {templateText(m.template)}
          </strong>{' '}
          {m.channel.toUpperCase()} {m.recipient} · {t(`outbox.status.${m.status}` as MessageKey)} · {t('outbox.attempts')} {m.attempts} ·{' '}
          {formatDateTimeSeconds(m.created_at)}
          {m.last_error && <span className="muted"> · {m.last_error}</span>} {action?.(m)}
        </li>
      ))}
    </ol>
  )
}
