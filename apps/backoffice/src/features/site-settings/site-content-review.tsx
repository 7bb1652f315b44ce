import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState, type ReactNode } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { PendingVersionButtons } from '../../components/decision.tsx'
import { FormDialog } from '../../components/dialog.tsx'
import { TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/th.ts'
import { useApproveSiteVersion, useRejectSiteVersion } from './api/decide-site-version.ts'
import type { SiteContentVersion, SiteSettings } from './api/get-site-settings.ts'
import { ColumnHeads } from '../../components/column-heads.tsx'
import { TitledSection } from '../../components/titled-section.tsx'

type Content = SiteContentVersion['content']

/** The content a player reads, field by field, as an operator compares it: text, link or images. */
const FIELDS: Array<{ label: MessageKey; value: (c: Content) => string | null | string[]; images?: { now: MessageKey; proposed: MessageKey } }> = [
  { label: 'site.name', value: (c) => c.title },
  { label: 'site.description', value: (c) => c.description },
  { label: 'site.logo', value: (c) => [c.image.logo], images: { now: 'site.currentLogo', proposed: 'site.proposedLogo' } },
  { label: 'site.slides', value: (c) => c.slides, images: { now: 'site.currentSlide', proposed: 'site.proposedSlide' } },
  { label: 'site.contact', value: (c) => c.contact.line },
  { label: 'site.responsiblePlay', value: (c) => c.responsible_play.help_url },
  { label: 'site.terms', value: (c) => c.terms_url },
]

function Shown({ value, alt }: { value: string | null | string[]; alt?: string }): ReactNode {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">{t('site.empty')}</span>
    return (
      <span className="site-review__images">
        {value.map((url, i) => (
          <img key={url} src={url} alt={`${alt ?? ''} ${i + 1}`} className="site-review__image" />
        ))}
      </span>
    )
  }
  return value === null || value === '' ? <span className="muted">{t('site.empty')}</span> : <span className="site-review__text">{value}</span>
}

/** What players are told now beside what is proposed, each changed field marked. */
function ChangeTable({ now, proposed }: { now: Content; proposed: Content }) {
  return (
    <table className="table site-review">
      <caption className="visually-hidden">{t('site.pending')}</caption>
      <ColumnHeads labels={[t('site.field'), t('site.now'), t('site.proposed')]} />
      <tbody>
        {FIELDS.map((field) => {
          const [before, after] = [field.value(now), field.value(proposed)]
          const changed = JSON.stringify(before) !== JSON.stringify(after)
          return (
            <tr key={field.label} data-testid={`site-change-${field.label}`} className={changed ? 'site-review__changed' : undefined}>
              <th scope="row">{t(field.label)}</th>
              <td>
                <Shown value={before} {...(field.images ? { alt: t(field.images.now) } : {})} />
              </td>
              <td className={changed ? 'state--warn' : undefined}>
                <Shown value={after} {...(field.images ? { alt: t(field.images.proposed) } : {})} />
                {changed && <span className="cell-note">{t('site.changed')}</span>}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

const contentOf = (settings: SiteSettings): Content => ({
  title: settings.title,
  description: settings.description,
  image: { logo: settings.image.logo },
  contact: settings.contact,
  responsible_play: settings.responsible_play,
  terms_url: settings.terms_url,
  slides: settings.slides,
})

/**
 * The change of content waiting for a second operator (ADR 068): who proposed it, what it changes against what players
 * see now, approve (an operator who decides money, never the author) or reject with a reason. The server decides who
 * may; the screen shows only what the operator's role may do.
 */
export function PendingContent({
  settings,
  mayApprove,
  mayReject,
  mayEdit,
}: {
  settings: SiteSettings
  mayApprove: boolean
  mayReject: boolean
  /** Whether the operator edits the settings: it is told what it may still save while this waits. */
  mayEdit: boolean
}) {
  const toast = useToast()
  const approve = useApproveSiteVersion()
  const reject = useRejectSiteVersion()
  const [deciding, setDeciding] = useState<'approve' | 'reject'>()
  const pending = settings.pending
  const decided = {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      setDeciding(undefined)
    },
  }
  const failure = approve.error ?? reject.error

  return (
    <TitledSection className="site-section site-pending" titleClassName="site-section__title" title={t('site.pending')}>
      {pending ? (
        <>
          <p className="muted" data-testid="site-pending">
            #{pending.id} · {t('site.proposedBy')} {pending.proposed_by} · {formatDateTimeSeconds(pending.created_at)}
          </p>
          <ChangeTable now={contentOf(settings)} proposed={pending.content} />
          <PendingVersionButtons screen="site" pending={pending} mayApprove={mayApprove} mayReject={mayReject} onDecide={setDeciding}>
            {!mayApprove && <span className="cell-note">{t('site.waitsForFinance')}</span>}
          </PendingVersionButtons>
          {mayEdit && <p className="muted">{t('site.pendingNote')}</p>}
        </>
      ) : (
        <p className="muted">{t('site.noPending')}</p>
      )}
      {deciding && pending && (
        <FormDialog
          title={`${t(deciding === 'approve' ? 'site.approveTitle' : 'site.rejectTitle')} #${pending.id}`}
          {...(deciding === 'approve' ? { lead: t('site.approveLead') } : {})}
          submitLabel={t(deciding === 'approve' ? 'site.approve' : 'site.reject')}
          danger={deciding === 'reject'}
          busy={approve.isPending || reject.isPending}
          error={failure ? errorText(failure) : undefined}
          onSubmit={(fields) =>
            deciding === 'approve' ? approve.mutate({ id: pending.id }, decided) : reject.mutate({ id: pending.id, reason: fields.reason ?? '' }, decided)
          }
          onClose={() => {
            approve.reset()
            reject.reset()
            setDeciding(undefined)
          }}
        >
          {deciding === 'reject' && <TextField required label={t('site.rejectReason')} name="reason" maxLength={500} />}
        </FormDialog>
      )}
    </TitledSection>
  )
}

/** The latest decided changes of content: what each changed, who proposed and who decided it, and why one was refused. */
export function ContentHistory({ history }: { history: SiteContentVersion[] }) {
  const columns = useMemo<ColumnDef<SiteContentVersion, unknown>[]>(
    () => [
      { header: '#', cell: ({ row }) => `#${row.original.id}` },
      { header: t('site.status'), cell: ({ row }) => t(`site.status.${row.original.status}`) },
      { header: t('site.decidedAt'), cell: ({ row }) => (row.original.decided_at ? formatDateTimeSeconds(row.original.decided_at) : '') },
      { header: t('site.proposedBy'), cell: ({ row }) => row.original.proposed_by },
      { header: t('site.decidedBy'), cell: ({ row }) => row.original.decided_by ?? '' },
      { header: t('site.rejectReason'), cell: ({ row }) => row.original.reject_reason ?? '' },
    ],
    [],
  )
  return (
    <TitledSection className="site-section" titleClassName="site-section__title" title={t('site.history')}>
      <DataTable caption={t('site.history')} columns={columns} rows={history} loading={false} />
    </TitledSection>
  )
}
