import { mayOperator, msg, type RiskParams, type RiskRule } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import { Link } from 'react-router'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { PendingVersionDialog, ProposedValueCells, usePendingVersion } from '../../components/decision.tsx'
import { ProposalForm } from '../../components/proposal-form.tsx'
import { TextField } from '../../components/fields.tsx'
import { PendingVersionSection } from '../../components/pending-version-section.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { useOperator } from '../../lib/operator.ts'
import { useApproveRiskParams, useProposeRiskParams, useRejectRiskParams, useRiskParams, type RiskParamsData } from './api/risk-params.ts'

type Key = keyof RiskParams
type Version = RiskParamsData['current']
/** How a parameter reads: baht, times (a ratio), a percentage, or a plain count (players, withdrawals, days, minutes). */
type Unit = 'baht' | 'times' | 'percent' | 'count'

/** Each rule's parameters in the order the form asks them, with their unit. */
const RULES: Array<{ rule: RiskRule; params: Array<[Key, Unit]> }> = [
  {
    rule: 'R1',
    params: [
      ['r1_review_ratio', 'times'],
      ['r1_hold_ratio', 'times'],
    ],
  },
  {
    rule: 'R2',
    params: [
      ['r2_line', 'baht'],
      ['r2_band_percent', 'percent'],
      ['r2_count', 'count'],
    ],
  },
  {
    rule: 'R3',
    params: [
      ['r3_review_players', 'count'],
      ['r3_case_players', 'count'],
    ],
  },
  { rule: 'R4', params: [['r4_turnover_ratio', 'times']] },
  { rule: 'R5', params: [['r5_bonus_players', 'count']] },
  { rule: 'R7', params: [['r7_withdrawals', 'count']] },
  { rule: 'R8', params: [['r8_large_deposit', 'baht']] },
  {
    rule: 'R9',
    params: [
      ['r9_idle_days', 'count'],
      ['r9_amount', 'baht'],
    ],
  },
  {
    rule: 'R10',
    params: [
      ['r10_minutes', 'count'],
      ['r10_left', 'baht'],
    ],
  },
]
const PARAMS = RULES.flatMap((r) => r.params)

/** A value as an operator reads it: `฿50,000.00`, `0.3 เท่า`, `10%`, `3`. */
function shown(unit: Unit, value: number): string {
  if (unit === 'baht') return formatBaht(value)
  if (unit === 'times') return `${value} ${t('riskParams.times')}`
  if (unit === 'percent') return `${value}%`
  return String(value)
}

/** The parameters by rule (its Thai name), what each number means, the value in force and, with `proposed`, the new one. */
function ParamsTable({ caption, current, proposed }: { caption: string; current: Version; proposed?: Version }) {
  return (
    <div className="table-wrap">
      <table className="table risk-params">
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeads labels={[t('riskParams.rule'), t('riskParams.meaning'), t('riskParams.now'), ...(proposed ? [t('riskParams.proposed')] : [])]} />
        <tbody>
          {RULES.flatMap(({ rule, params }) =>
            params.map(([key, unit], i) => {
              const changed = proposed !== undefined && proposed[key] !== current[key]
              return (
                <tr key={key} data-testid={`risk-param-${key}`}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={params.length}>
                      {rule} · {msg(`RISK_${rule}`)}
                    </th>
                  )}
                  <td>{t(`riskParams.field.${key}`)}</td>
                  <ProposedValueCells
                    now={shown(unit, current[key])}
                    proposed={proposed && shown(unit, proposed[key])}
                    changed={changed}
                    changedLabel={t('riskParams.changed')}
                  />
                </tr>
              )
            }),
          )}
        </tbody>
      </table>
    </div>
  )
}

/** The form of a new version: every parameter starts at the value in force; baht in baht, ratios and percentages as numbers. */
function ProposeForm({ current, onDone }: { current: Version; onDone: () => void }) {
  const propose = useProposeRiskParams()
  const body = (data: FormData) => ({
    ...(Object.fromEntries(PARAMS.map(([key]) => [key, Number(data.get(key))])) as RiskParams),
    reason: String(data.get('reason') ?? ''),
  })
  return (
    <ProposalForm screen="riskParams" propose={propose} body={body} onDone={onDone}>
      {RULES.map(({ rule, params }) => (
        <fieldset key={rule} className="plan-form__group">
          <legend>
            {rule} · {msg(`RISK_${rule}`)}
          </legend>
          {params.map(([key, unit]) => (
            <TextField
              key={key}
              label={t(`riskParams.field.${key}`)}
              name={key}
              type="number"
              step={unit === 'count' ? 1 : 0.01}
              required
              defaultValue={String(current[key])}
            />
          ))}
        </fieldset>
      ))}
    </ProposalForm>
  )
}

/**
 * The risk rules' parameters (issue 39 §1, ADR 089): the values in force by rule, the proposal waiting with what it
 * changes, approve (a second operator with `risk.params`, never the author: the server says so in `can_decide`) or
 * reject, and a form for a new proposal.
 */
export function RiskParamsPage() {
  const me = useOperator()
  const params = useRiskParams()
  const approve = useApproveRiskParams()
  const reject = useRejectRiskParams()
  const version = usePendingVersion()
  const mayPropose = mayOperator(me.data?.role, 'risk.params')

  if (!params.data) return <section className="panel">{params.isError ? <p role="alert">{errorText(params.error)}</p> : <p>{t('common.loading')}</p>}</section>
  const { current, pending } = params.data
  return (
    <>
      <section className="panel" aria-labelledby="risk-params-title">
        <p>
          <Link to="/risk">{t('risk.back')}</Link>
        </p>
        <h1 id="risk-params-title" className="panel__title">
          {t('riskParams.title')}
        </h1>
        <p className="muted">{t('riskParams.lead')}</p>
        <h2 className="detail__subtitle">
          {t('riskParams.current')} #{current.id}
        </h2>
        <p className="muted" data-testid="risk-params-since">
          {current.id === 0 ? t('riskParams.defaults') : `${t('riskParams.since')} ${formatDateTimeSeconds(current.effective_from ?? current.created_at)}`}
          {current.decided_by && ` · ${t('riskParams.proposedBy')} ${current.proposed_by} · ${t('riskParams.decidedBy')} ${current.decided_by}`}
        </p>
        {!pending && <ParamsTable caption={t('riskParams.current')} current={current} />}
      </section>

      <PendingVersionSection
        screen="riskParams"
        testId="risk-params-pending"
        pending={pending}
        table={(waiting) => <ParamsTable caption={t('riskParams.pending')} current={current} proposed={waiting} />}
        mayApprove={mayPropose}
        mayReject={mayPropose}
        version={version}
        form={mayPropose && <ProposeForm key={`${current.id}-${version.formKey}`} current={current} onDone={version.renewForm} />}
      />

      {pending && <PendingVersionDialog screen="riskParams" pendingId={pending.id} state={version} approve={approve} reject={reject} />}
    </>
  )
}
