import type { MemberSummary } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { Fragment, useMemo, useState, type FormEvent } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { TextField } from '../../components/fields.tsx'
import { Pager } from '../../components/pager.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { useMemberSearch } from '../../lib/api/search-members.ts'
import { t } from '../../lib/i18n/th.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { randomId } from '@sanam/web-shared/random-id'
import { useEndMemberSessions } from './api/end-member-sessions.ts'
import { useMember } from './api/get-member.ts'
import { MemberHistory } from './member-history.tsx'
import { memberStatus } from './member-status.ts'
import { AdjustDialog, LockDialog, MemberFacts, MemberLinks, ResetPasswordDialog, useSaid } from './member-detail-parts.tsx'

/**
 * Members: the newest first before any search; search by phone, name, bank account or invite code (an empty search
 * lists them all again); a profile with balances, links, lock and sign-out.
 */
export function MembersPage() {
  const [q, setQ] = useState('')
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<number>()
  const results = useMemberSearch(q, page, { all: true })
  const columns = useMemo<ColumnDef<MemberSummary, unknown>[]>(
    () => [
      { header: t('members.mobile'), accessorKey: 'mobile' },
      { header: t('members.name'), cell: ({ row }) => `${row.original.firstname} ${row.original.surname}` },
      { header: t('members.bank'), cell: ({ row }) => `${row.original.bank_code} · ${row.original.bank_account}` },
      { header: t('members.status'), cell: ({ row }) => <StatusBadges member={row.original} /> },
      { header: t('members.created'), cell: ({ row }) => formatDateTimeSeconds(row.original.created_at) },
      {
        id: 'open',
        header: t('common.actions'),
        cell: ({ row }) => (
          <button type="button" className="button button--ghost" onClick={() => setSelected(row.original.id)}>
            {t('members.open')} {row.original.mobile}
          </button>
        ),
      },
    ],
    [],
  )
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim())
    setPage(0)
    setSelected(undefined)
  }
  return (
    <section className="panel">
      <h1 className="panel__title">{t('members.title')}</h1>
      <form className="filters" role="search" onSubmit={submit}>
        <TextField className="filters__wide" label={t('members.search')} name="q" maxLength={64} />
        <button type="submit" className="button">
          {t('common.search')}
        </button>
      </form>
      <DataTable caption={t(q === '' ? 'members.newest' : 'members.found')} columns={columns} rows={results.data?.list} loading={results.isPending} />
      {results.data && <Pager page={page} size={results.data.size} total={results.data.total} onPage={setPage} />}
      {selected !== undefined && <MemberDetail id={selected} />}
    </section>
  )
}

/** A lock, a time-out or self-exclusion in force, both, or active (ADR 047): as the list and the profile's heading show it. */
function StatusBadges({ member }: { member: Pick<MemberSummary, 'status' | 'exclusion'> }) {
  return (
    <>
      {memberStatus(member).map((badge, index) => (
        <Fragment key={badge.text}>
          {index > 0 && ' '}
          <span className={badge.off ? 'state state--off' : 'state'}>{badge.text}</span>
        </Fragment>
      ))}
    </>
  )
}

/** One member: who they are, their money, their linked accounts, their history, and the actions on their account. */
function MemberDetail({ id }: { id: number }) {
  const toast = useToast()
  const me = useOperator()
  const [confirming, setConfirming] = useState<'lock' | 'unlock'>()
  const [resetting, setResetting] = useState(false)
  /** The open adjustment dialog's request id: one per dialog, so a double submit is one adjustment. */
  const [adjusting, setAdjusting] = useState<string>()
  const endSessions = useEndMemberSessions()
  const profile = useMember(id)
  const said = useSaid()
  const member = profile.data
  if (!member) return <p>{t('common.loading')}</p>
  return (
    <article className="detail" aria-labelledby="member-title">
      <div className="panel__head">
        <h2 id="member-title" className="detail__title">
          {member.firstname} {member.surname} · {member.mobile} <StatusBadges member={member} />
        </h2>
        <span className="row-actions">
          {movesMoney(me.data?.role) && (
            <button type="button" className="button" onClick={() => setAdjusting(randomId())}>
              {t('members.adjust')}
            </button>
          )}
          <button type="button" className="button button--ghost" onClick={() => setResetting(true)}>
            {t('members.resetPassword')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => endSessions.mutate({ id }, { onSuccess: said, onError: (failure) => toast(errorText(failure), 'error') })}
          >
            {t('members.endSessions')}
          </button>
          {member.status === 'LOCKED' ? (
            <button type="button" className="button" onClick={() => setConfirming('unlock')}>
              {t('members.unlock')}
            </button>
          ) : (
            <button type="button" className="button button--danger" onClick={() => setConfirming('lock')}>
              {t('members.lock')}
            </button>
          )}
        </span>
      </div>
      <MemberFacts member={member} />
      <MemberLinks id={id} />
      <h3 className="detail__subtitle">{t('members.tabs')}</h3>
      <MemberHistory id={id} />
      {resetting && <ResetPasswordDialog id={id} mobile={member.mobile} onClose={() => setResetting(false)} />}
      {adjusting && <AdjustDialog id={id} mobile={member.mobile} requestId={adjusting} onClose={() => setAdjusting(undefined)} />}
      {confirming && <LockDialog id={id} mobile={member.mobile} confirming={confirming} onClose={() => setConfirming(undefined)} />}
    </article>
  )
}
