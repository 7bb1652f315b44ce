import { mayOperator, type PlanValues, type PlanVersion } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds, formatProgressPercent } from '@sanam/web-shared/format'
import { useQuery } from '@tanstack/react-query'
import { PendingVersionDialog, ProposedValueCells, usePendingVersion } from '../../components/decision.tsx'
import { ProposalForm } from '../../components/proposal-form.tsx'
import { SelectField, TextField } from '../../components/fields.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { useApprovePlan, useRejectPlan } from './api/decide-plan.ts'
import { planQueryOptions } from './api/get-plan.ts'
import { useProposePlan } from './api/propose-plan.ts'
import { PlanHistory } from './plan-history.tsx'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { PendingVersionSection } from '../../components/pending-version-section.tsx'

type Key = keyof PlanValues
type Kind = 'percent' | 'baht' | 'interval' | 'count'
const INTERVALS = ['DAY', 'WEEKEN', 'MONTH'] as const

/** A value's kind, which its name says: `…_percent`, `…_interval`, `…_count`, or baht. */
const kindOf = (key: Key): Kind => (key.endsWith('_percent') ? 'percent' : key.endsWith('_interval') ? 'interval' : key.endsWith('_count') ? 'count' : 'baht')
const group = (title: MessageKey, keys: Key[]) => ({ title, fields: keys.map((key) => ({ key, kind: kindOf(key) })) })

/** Every value of the plan, grouped as the form shows them. */
const GROUPS: Array<{ title: MessageKey; fields: Array<{ key: Key; kind: Kind }> }> = [
  group('plan.group.referral', ['level1_percent', 'level2_percent', 'level3_percent', 'rebate_percent']),
  group('plan.group.wallets', ['bonus_min', 'bonus_max', 'bonus_interval', 'refund_min', 'refund_max', 'refund_interval']),
  group('plan.group.limits', ['deposit_min', 'withdraw_min', 'four_eyes_above']),
  group('plan.group.auto', ['auto_payout_max', 'auto_player_day_total', 'auto_player_day_count', 'auto_site_hour_budget']),
]
const FIELDS = GROUPS.flatMap((g) => g.fields)

/** A value as an operator reads it: `3.5%`, `฿1,000.00`, `ทุกวันศุกร์`. */
function shown(kind: Kind, value: PlanValues[Key]): string {
  if (kind === 'interval') return t(`plan.interval.${value as (typeof INTERVALS)[number]}`)
  if (kind === 'percent') return formatProgressPercent(value as number)
  if (kind === 'count') return String(value)
  return formatBaht(value as number)
}

/** The plan's values, with a second column of proposed values (changed ones marked) when `proposed` is given. */
function ValuesTable({ caption, current, proposed }: { caption: string; current: PlanVersion; proposed?: PlanVersion }) {
  return (
    <table className="table plan-values">
      <caption className="visually-hidden">{caption}</caption>
      <ColumnHeads labels={[t('plan.value'), t('plan.now'), ...(proposed ? [t('plan.proposed')] : [])]} />
      <tbody>
        {FIELDS.map(({ key, kind }) => {
          const changed = proposed !== undefined && proposed[key] !== current[key]
          return (
            <tr key={key} data-testid={`plan-${key}`}>
              <th scope="row">{t(`plan.field.${key}`)}</th>
              <ProposedValueCells
                now={shown(kind, current[key])}
                proposed={proposed && shown(kind, proposed[key])}
                changed={changed}
                changedLabel={t('plan.changed')}
              />
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

/** The form of a new version: every field starts at the value in force. Percentages as plain numbers (3.5 is 3.5 %). */
function ProposeForm({ current, onDone }: { current: PlanVersion; onDone: () => void }) {
  const propose = useProposePlan()
  const body = (data: FormData) => {
    const text = (key: string) => String(data.get(key) ?? '')
    const values = Object.fromEntries(FIELDS.map(({ key, kind }) => [key, kind === 'interval' ? text(key) : Number(text(key))]))
    return { ...(values as PlanValues), reason: text('reason') }
  }
  return (
    <ProposalForm screen="plan" propose={propose} body={body} onDone={onDone}>
      {GROUPS.map((group) => (
        <fieldset key={group.title} className="plan-form__group">
          <legend>{t(group.title)}</legend>
          {group.fields.map(({ key, kind }) =>
            kind === 'interval' ? (
              <SelectField
                key={key}
                label={t(`plan.field.${key}`)}
                name={key}
                defaultValue={String(current[key])}
                options={INTERVALS.map((i) => ({ value: i, text: t(`plan.interval.${i}`) }))}
              />
            ) : (
              <TextField
                key={key}
                label={t(`plan.field.${key}`)}
                name={key}
                type="number"
                max={kind === 'percent' ? 100 : undefined}
                step={kind === 'count' ? 1 : 0.01}
                required
                defaultValue={String(current[key])}
              />
            ),
          )}
        </fieldset>
      ))}
    </ProposalForm>
  )
}

/**
 * The referral plan and limits (issue 20 §4, ADR 044): what is in force since when, the proposal waiting with what it
 * changes, approve (a second finance operator, never the author) or reject, a form for a new proposal, and every
 * decided version. The server decides who may do what; the screen shows only what the operator's role may do.
 */
export function PlanPage() {
  const me = useOperator()
  const plan = useQuery({ ...planQueryOptions(), refetchInterval: 15_000 })
  const approve = useApprovePlan()
  const reject = useRejectPlan()
  const version = usePendingVersion()
  const role = me.data?.role
  const mayPropose = mayOperator(role, 'plan.manage')

  if (!plan.data) return <section className="panel">{plan.isError ? <p role="alert">{errorText(plan.error)}</p> : <p>{t('common.loading')}</p>}</section>
  const { current, pending, history } = plan.data
  return (
    <>
      <section className="panel" aria-labelledby="plan-title">
        <h1 id="plan-title" className="panel__title">
          {t('plan.title')}
        </h1>
        <p className="muted">{t('plan.lead')}</p>
        <h2 className="detail__subtitle">
          {t('plan.current')} #{current.id}
        </h2>
        <p className="muted" data-testid="plan-since">
          {t('plan.since')} {current.proposed_by_id === null ? t('plan.sinceStart') : formatDateTimeSeconds(current.effective_from)}
          {current.decided_by && ` · ${t('plan.proposedBy')} ${current.proposed_by} · ${t('plan.decidedBy')} ${current.decided_by}`}
        </p>
        {!pending && <ValuesTable caption={t('plan.current')} current={current} />}
      </section>

      <PendingVersionSection
        screen="plan"
        testId="plan-pending"
        pending={pending}
        table={(waiting) => <ValuesTable caption={t('plan.pending')} current={current} proposed={waiting} />}
        mayApprove={movesMoney(role)}
        mayReject={mayPropose}
        version={version}
        form={mayPropose && <ProposeForm key={`${current.id}-${version.formKey}`} current={current} onDone={version.renewForm} />}
      />

      <PlanHistory history={history} />

      {pending && <PendingVersionDialog screen="plan" pendingId={pending.id} state={version} approve={approve} reject={reject} />}
    </>
  )
}
