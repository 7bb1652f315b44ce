import { CARE_CHANNEL_TEXT, careChannels } from '@sanam/contract'
import { bangkokWallTime, fromBangkokWallTime } from '@sanam/contract/bangkok'
import { formatDateTimeSeconds, formatNumber } from '@sanam/web-shared/format'
import { useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { DetailPanel } from '../../components/detail-panel.tsx'
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useCareTask, type CareTask } from './api/get-care-task.ts'
import { useRecordCareInteraction } from './api/record-care-interaction.ts'

const channelOptions = careChannels.map((value) => ({ value, text: CARE_CHANNEL_TEXT[value] }))
const factLabel = (key: string) => t(`care.fact.${key}` as MessageKey)
/** A figure as the desk reads it: numbers with separators, instants in Bangkok time, the rest as recorded. */
// A limit's removal asked is stored as the code REMOVE (the facts keep no text of the desk's language).
const factText = (value: string | number) =>
  typeof value === 'number'
    ? formatNumber(value)
    : value === 'REMOVE'
      ? t('care.fact.removal')
      : /^\d{4}-\d{2}-\d{2}T/.test(value)
        ? formatDateTimeSeconds(value)
        : value

/**
 * One care task (ADR 090): the player, the marker and the figures that opened it, every interaction recorded (what was
 * said or done, when, by whom), and the form to record another, closing the task when the work is done. Audited.
 */
export function CareTaskPage() {
  const task = useCareTask(Number(useParams().id))
  return (
    <DetailPanel query={task} back={{ to: '/care', text: t('care.back') }} title={(data) => `${t('care.task')} #${data.id} · ${data.marker_text}`}>
      {(data) => (
        <>
          <dl className="facts">
            <dt>{t('care.member')}</dt>
            <dd>
              {data.name} · {data.mobile}
            </dd>
            <dt>{t('care.openedAt')}</dt>
            <dd>{formatDateTimeSeconds(data.opened_at)}</dd>
            <dt>{t('care.statusLabel')}</dt>
            <dd>
              {t(`care.status.${data.status}`)}
              {data.closed_at && ` · ${formatDateTimeSeconds(data.closed_at)} · ${data.closed_by ?? ''}`}
            </dd>
            {Object.entries(data.facts).map(([key, value]) => (
              <FactRow key={key} label={factLabel(key)} value={factText(value)} />
            ))}
          </dl>
          <h2>{t('care.interactionsTitle')}</h2>
          {data.interaction_list.length === 0 ? (
            <p className="muted">{t('care.noInteractions')}</p>
          ) : (
            <ol className="care-interactions">
              {data.interaction_list.map((i) => (
                <li key={i.id}>
                  <strong>
                    {formatDateTimeSeconds(i.happened_at)} · {CARE_CHANNEL_TEXT[i.channel]} · {i.operator}
                  </strong>
                  <p>{i.note}</p>
                </li>
              ))}
            </ol>
          )}
          {data.status === 'OPEN' && <InteractionForm task={data} />}
        </>
      )}
    </DetailPanel>
  )
}

function FactRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

/** What was said or done, on which channel and when (Bangkok time, not in the future); ticked, the task closes. */
function InteractionForm({ task }: { task: CareTask }) {
  const record = useRecordCareInteraction()
  const toast = useToast()
  const [channel, setChannel] = useState<(typeof careChannels)[number]>('PHONE')
  const [note, setNote] = useState('')
  const [when, setWhen] = useState(() => bangkokWallTime(new Date()))
  const [close, setClose] = useState(false)
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault()
    const body = { channel, note, happened_at: fromBangkokWallTime(when).toISOString(), close }
    record.mutate(
      { id: task.id, body },
      {
        onSuccess: ({ message }) => {
          toast(message ?? t('care.recorded'))
          setNote('')
          setClose(false)
        },
      },
    )
  }
  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <h2>{t('care.record')}</h2>
      <SelectField label={t('care.channel')} name="channel" options={channelOptions} value={channel} onChange={(v) => setChannel(v as typeof channel)} />
      <TextAreaField label={t('care.note')} name="note" rows={4} maxLength={2000} value={note} onChange={setNote} />
      <TextField label={t('care.happenedAt')} name="happened_at" type="datetime-local" value={when} onChange={setWhen} />
      <CheckboxField label={t('care.closeTask')} checked={close} onChange={setClose} />
      <FormError message={record.error ? errorText(record.error) : null} />
      <button type="submit" className="button" disabled={record.isPending}>
        {t('care.save')}
      </button>
    </form>
  )
}
