/**
 * The promotions list's parts (issue 20 §1): the versions waiting for a second money operator, every promotion, and the
 * dialog that publishes, rejects or disables (it owns its request).
 */
import type { AdminPromotion, PromotionVersion } from '@sanam/contract'
import { formatBaht, formatDateTime, formatProgressPercent } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo } from 'react'
import { Link } from 'react-router'
import { DataTable } from '../../components/data-table.tsx'
import { DecideNote, mayDecide as serverAllows } from '../../components/decision.tsx'
import { FormDialog } from '../../components/dialog.tsx'
import { TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { useDecidePromotionVersion } from './api/decide-promotion-version.ts'
import { useDisablePromotion } from './api/disable-promotion.ts'

type Terms = Pick<AdminPromotion, 'credit_given' | 'credit_given_type' | 'starts_at' | 'ends_at'>
export type Decision = { kind: 'publish' | 'reject'; version: PromotionVersion } | { kind: 'disable'; promotion: AdminPromotion }

/** What the promotion gives: baht, or a percentage of the deposit. */
const creditText = (p: Terms) => (p.credit_given_type === 'PERCENT' ? formatProgressPercent(p.credit_given) : formatBaht(p.credit_given))

/** When players see it, in Bangkok time. */
function Schedule({ terms }: { terms: Terms }) {
  if (!terms.starts_at && !terms.ends_at) return <span className="muted">{t('promotions.always')}</span>
  return (
    <span>
      {terms.starts_at && <span className="cell-note">{`${t('promotions.from')} ${formatDateTime(terms.starts_at)}`}</span>}
      {terms.ends_at && <span className="cell-note">{`${t('promotions.until')} ${formatDateTime(terms.ends_at)}`}</span>}
    </span>
  )
}

const STATUS_TONE: Record<AdminPromotion['status'], string> = {
  draft: 'state--warn',
  pending: 'state--warn',
  published: 'state--in',
  scheduled: 'state--warn',
  ended: 'state--off',
  disabled: 'state--off',
}

/**
 * The versions waiting: review, and (for a money operator) publish or reject. Publishing a version the operator may not
 * publish now (its own, a related operator's, or within its first 24 hours) is disabled with the server's reason (ADR 075).
 */
export function PendingVersions(props: { pending: PromotionVersion[]; mayDecide: boolean; onDecide: (decision: Decision) => void }) {
  const { mayDecide, onDecide } = props
  const pendingColumns = useMemo<ColumnDef<PromotionVersion, unknown>[]>(
    () => [
      { header: t('promotions.name'), cell: ({ row }) => row.original.title },
      { header: t('promotions.version'), cell: ({ row }) => `#${row.original.number}` },
      { header: t('promotions.credit'), cell: ({ row }) => creditText(row.original) },
      { header: t('promotions.schedule'), cell: ({ row }) => <Schedule terms={row.original} /> },
      {
        header: t('promotions.proposedBy'),
        cell: ({ row }) => (
          <span>
            {row.original.proposed_by ?? t('promotions.system')}
            <span className="cell-note">{formatDateTime(row.original.proposed_at)}</span>
          </span>
        ),
      },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => {
          const blocked = !serverAllows(row.original.can_decide)
          const hint = `version-${row.original.id}-hint`
          return (
            <span className="row-actions">
              <Link className="button button--ghost" to={`/promotions/${row.original.promotion_id}`}>
                {t('promotions.review')}
              </Link>
              {mayDecide && (
                <>
                  <button
                    type="button"
                    className="button"
                    disabled={blocked}
                    aria-describedby={blocked ? hint : undefined}
                    onClick={() => onDecide({ kind: 'publish', version: row.original })}
                  >
                    {`${t('promotions.publish')} ${row.original.title}`}
                  </button>
                  <button type="button" className="button button--danger" onClick={() => onDecide({ kind: 'reject', version: row.original })}>
                    {t('promotions.reject')}
                  </button>
                  <DecideNote id={hint} can={row.original.can_decide} />
                </>
              )}
            </span>
          )
        },
      },
    ],
    [mayDecide, onDecide],
  )
  return <DataTable caption={t('promotions.pendingTitle')} columns={pendingColumns} rows={props.pending} loading={false} />
}

/** Every promotion with its status, credit, schedule and version: edit, or disable. */
export function PromotionsTable(props: { rows: AdminPromotion[] | undefined; loading: boolean; onDecide: (decision: Decision) => void }) {
  const { onDecide } = props
  const columns = useMemo<ColumnDef<AdminPromotion, unknown>[]>(
    () => [
      {
        header: t('promotions.name'),
        cell: ({ row }) => (
          <span className="promo-title">
            {row.original.image && <img src={row.original.image} alt="" width={72} height={36} />}
            {row.original.title}
          </span>
        ),
      },
      {
        header: t('promotions.status'),
        cell: ({ row }) => (
          <span>
            <span className={STATUS_TONE[row.original.status]}>{t(`promotions.status.${row.original.status}`)}</span>
            {row.original.pending && row.original.version && <span className="cell-note">{t('promotions.pendingEdit')}</span>}
          </span>
        ),
      },
      { header: t('promotions.credit'), cell: ({ row }) => creditText(row.original) },
      { header: t('promotions.schedule'), cell: ({ row }) => <Schedule terms={row.original} /> },
      { header: t('promotions.version'), cell: ({ row }) => (row.original.version ? `#${row.original.version.number}` : '–') },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => (
          <span className="row-actions">
            <Link className="button button--ghost" to={`/promotions/${row.original.id}`}>
              {`${t('promotions.edit')} ${row.original.title}`}
            </Link>
            {row.original.status !== 'disabled' && row.original.version && (
              <button type="button" className="button button--danger" onClick={() => onDecide({ kind: 'disable', promotion: row.original })}>
                {t('promotions.disable')}
              </button>
            )}
          </span>
        ),
      },
    ],
    [onDecide],
  )
  return <DataTable caption={t('promotions.allTitle')} columns={columns} rows={props.rows} loading={props.loading} />
}

/** Publish or reject a version (with its terms shown), or disable a promotion; a reason unless publishing. */
export function DecisionDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const toast = useToast()
  const decide = useDecidePromotionVersion()
  const disable = useDisablePromotion()
  const done = {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      onClose()
    },
    onError: (failure: unknown) => toast(errorText(failure), 'error'),
  }
  const busy = decide.isPending || disable.isPending
  return (
    <FormDialog
      title={
        decision.kind === 'disable'
          ? `${t('promotions.disable')}: ${decision.promotion.title}`
          : `${t(decision.kind === 'publish' ? 'promotions.publish' : 'promotions.reject')}: ${decision.version.title} #${decision.version.number}`
      }
      lead={t(decision.kind === 'publish' ? 'promotions.publishLead' : decision.kind === 'reject' ? 'promotions.rejectLead' : 'promotions.disableLead')}
      submitLabel={t(decision.kind === 'publish' ? 'promotions.publish' : decision.kind === 'reject' ? 'promotions.reject' : 'promotions.disable')}
      danger={decision.kind !== 'publish'}
      busy={busy}
      onSubmit={(fields) => {
        if (decision.kind === 'disable') disable.mutate({ id: decision.promotion.id, reason: fields.reason ?? '' }, done)
        else decide.mutate({ id: decision.version.id, ...(decision.kind === 'reject' ? { reason: fields.reason ?? '' } : {}) }, done)
      }}
      onClose={onClose}
    >
      {decision.kind !== 'disable' && (
        <dl className="facts">
          <dt>{t('promotions.credit')}</dt>
          <dd>{creditText(decision.version)}</dd>
          <dt>{t('promotions.schedule')}</dt>
          <dd>
            <Schedule terms={decision.version} />
          </dd>
          <dt>{t('promotions.proposedBy')}</dt>
          <dd>{decision.version.proposed_by ?? t('promotions.system')}</dd>
        </dl>
      )}
      {decision.kind !== 'publish' && <TextField required label={t('promotions.reason')} name="reason" maxLength={500} />}
    </FormDialog>
  )
}
