import { type FormEvent } from 'react'
import { formatDateTime } from '@sanam/web-shared/format'
import { useParams } from 'react-router'
import { DetailPanel } from '../../components/detail-panel.tsx'
import { TextAreaField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useAddNote, useDownloadCaseReport, useUpdateCase } from './api/act-on-case.ts'
import { useRiskCase, type RiskCaseData } from './api/get-risk.ts'
import { CaseEvidence } from './risk-case-evidence.tsx'
import { CaseClosing } from './risk-case-close.tsx'

/**
 * One risk case (issue 39 §2, ADR 089): who it is about and where it stands, the work on it (taking it, investigating,
 * notes), its evidence, the report draft, and its closing.
 */
export function RiskCasePage() {
  const found = useRiskCase(Number(useParams().id))
  const title = (c: RiskCaseData) => `${t('risk.case')} #${c.id} · ${c.player.firstname} ${c.player.surname} (${c.mobile})`
  return (
    <DetailPanel query={found} back={{ to: '/risk', text: t('risk.back') }} title={title}>
      {(c) => (
        <>
          <dl className="facts">
            <dt>{t('risk.status')}</dt>
            <dd>
              {t(`risk.status.${c.status}` as MessageKey)}
              {c.outcome && ` · ${t(`risk.outcome.${c.outcome}` as MessageKey)}`}
            </dd>
            <dt>{t('risk.rules')}</dt>
            <dd>{c.rules.join(', ')}</dd>
            <dt>{t('risk.assignee')}</dt>
            <dd>{c.assignee ?? t('risk.nobody')}</dd>
            <dt>{t('risk.due')}</dt>
            <dd>{formatDateTime(c.due_at)}</dd>
          </dl>
          {c.status !== 'CLOSED' && <CaseWork riskCase={c} />}
          <CaseEvidence riskCase={c} />
          <ReportButton id={c.id} />
          <CaseClosing riskCase={c} />
        </>
      )}
    </DetailPanel>
  )
}

function CaseWork({ riskCase }: { riskCase: RiskCaseData }) {
  const me = useOperator()
  const update = useUpdateCase()
  const note = useAddNote()
  const toast = useToast()
  const onError = (e: unknown) => toast(errorText(e))
  const addNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const body = String(new FormData(form).get('body') ?? '')
    note.mutate({ id: riskCase.id, body }, { onSuccess: () => form.reset(), onError })
  }
  return (
    <div className="toolbar">
      {me.data && riskCase.assignee_id !== me.data.operator_id && (
        <button type="button" className="button" onClick={() => update.mutate({ id: riskCase.id, body: { assignee_id: me.data!.operator_id } }, { onError })}>
          {t('risk.takeCase')}
        </button>
      )}
      {riskCase.status === 'OPEN' && (
        <button type="button" className="button" onClick={() => update.mutate({ id: riskCase.id, body: { status: 'INVESTIGATING' } }, { onError })}>
          {t('risk.investigate')}
        </button>
      )}
      <form className="form" onSubmit={addNote}>
        <TextAreaField label={t('risk.noteLabel')} name="body" required maxLength={2000} />
        <button type="submit" className="button" disabled={note.isPending}>
          {t('risk.addNote')}
        </button>
      </form>
    </div>
  )
}

function ReportButton({ id }: { id: number }) {
  const download = useDownloadCaseReport()
  const toast = useToast()
  return (
    <p>
      <button
        type="button"
        className="button"
        onClick={() => download.mutate(id, { onSuccess: () => toast(t('risk.reportSaved')), onError: (e) => toast(errorText(e)) })}
      >
        {t('risk.report')}
      </button>
    </p>
  )
}
