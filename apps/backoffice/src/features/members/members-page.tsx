import type { MemberSummary } from '@sanam/contract'
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { Fragment, useMemo, useState, type FormEvent } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { FormDialog } from '../../components/dialog.tsx'
import { SelectField, TextField } from '../../components/fields.tsx'
import { Pager } from '../../components/pager.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { useMemberSearch } from '../../lib/api/search-members.ts'
import { t } from '../../lib/i18n/th.ts'
import { moneyOutcomeText } from '../../lib/money-outcome.ts'
import { movesMoney, useOperator } from '../../lib/operator.ts'
import { randomId } from '@sanam/web-shared/random-id'
import { useEndMemberSessions } from './api/end-member-sessions.ts'
import { useMember } from './api/get-member.ts'
import { useMemberLinks } from './api/get-member-links.ts'
import { useLockMember } from './api/lock-member.ts'
import { useRequestAdjustment } from './api/request-adjustment.ts'
import { useResetMemberPassword } from './api/reset-member-password.ts'
import { MemberHistory } from './member-history.tsx'
import { exclusionText, memberStatus } from './member-status.ts'

/** Members: search by phone, name, bank account or invite code; a profile with balances, links, lock and sign-out. */
export function MembersPage() {
  const [q, setQ] = useState('')
  const [page, setPage] = useState(0)
  const [selected, setSelected] = useState<number>()
  const results = useMemberSearch(q, page)
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
        <TextField className="filters__wide" label={t('members.search')} name="q" maxLength={64} required />
        <button type="submit" className="button">
          {t('common.search')}
        </button>
      </form>
      {q !== '' && <DataTable caption={t('members.title')} columns={columns} rows={results.data?.list} loading={results.isPending} />}
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
  const reset = useResetMemberPassword()
  const adjust = useRequestAdjustment()
  const lock = useLockMember()
  const endSessions = useEndMemberSessions()
  const profile = useMember(id)
  const links = useMemberLinks(id)
  const said = ({ message }: { message: string | undefined }) => {
    if (message) toast(message)
  }
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
      <dl className="facts">
        <dt>{t('members.cash')}</dt>
        <dd className="amount">{formatBaht(member.balances.cash)}</dd>
        <dt>{t('members.hold')}</dt>
        <dd className="amount">{formatBaht(member.balances.withdraw_hold)}</dd>
        <dt>{t('members.referral')}</dt>
        <dd className="amount">{formatBaht(member.balances.referral)}</dd>
        <dt>{t('members.rebate')}</dt>
        <dd className="amount">{formatBaht(member.balances.rebate)}</dd>
        <dt>{t('members.bank')}</dt>
        <dd>
          {member.bank_code} · {member.bank_account}
        </dd>
        <dt>{t('members.inviteCode')}</dt>
        <dd>{member.invite_code}</dd>
        <dt>{t('members.lastLogin')}</dt>
        <dd>
          {formatDateTimeSeconds(member.last_login_at)} {member.last_ip ? `(${member.last_ip})` : ''}
        </dd>
        <dt>{t('members.liveSessions')}</dt>
        <dd>{member.live_sessions}</dd>
        <dt>{t('members.termsAccepted')}</dt>
        <dd>{member.terms_accepted_at ? formatDateTimeSeconds(member.terms_accepted_at) : t('members.termsNotAsked')}</dd>
        <dt>{t('members.exclusion')}</dt>
        <dd data-testid="member-exclusion">
          {member.exclusion
            ? `${exclusionText(member.exclusion)} · ${t('members.exclusion.since')} ${formatDateTimeSeconds(member.exclusion.starts_at)} · ${member.exclusion.ends_at ? `${t('members.exclusion.until')} ${formatDateTimeSeconds(member.exclusion.ends_at)}` : t('members.exclusion.forever')} · ${t('members.exclusion.noEarlyEnd')}`
            : t('members.exclusion.none')}
        </dd>
      </dl>
      <h3 className="detail__subtitle">{t('members.links')}</h3>
      {links.data && links.data.list.length > 0 ? (
        <ul className="links">
          {links.data.list.map((link) => (
            <li key={link.player_id}>
              {link.mobile} · {link.firstname} {link.surname} · {link.reasons.map((r) => t(`members.linkReason.${r}`)).join(', ')}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('members.noLinks')}</p>
      )}
      <h3 className="detail__subtitle">{t('members.tabs')}</h3>
      <MemberHistory id={id} />
      {resetting && (
        <FormDialog
          title={`${t('members.resetPassword')} · ${member.mobile}`}
          lead={t('members.resetLead')}
          submitLabel={t('members.resetPassword')}
          danger
          busy={reset.isPending}
          error={reset.error ? errorText(reset.error) : undefined}
          onSubmit={() =>
            reset.mutate(
              { id },
              {
                onSuccess: (answer) => {
                  said(answer)
                  setResetting(false)
                },
              },
            )
          }
          onClose={() => {
            setResetting(false)
            reset.reset()
          }}
        >
          {null}
        </FormDialog>
      )}
      {adjusting && (
        <FormDialog
          title={`${t('members.adjust')} · ${member.mobile}`}
          lead={t('members.adjustLead')}
          submitLabel={t('members.adjust')}
          busy={adjust.isPending}
          error={adjust.error ? errorText(adjust.error) : undefined}
          onSubmit={(fields) =>
            adjust.mutate(
              {
                id,
                direction: fields.direction === 'DEBIT' ? 'DEBIT' : 'CREDIT',
                amount: Number(fields.amount),
                reason: fields.reason ?? '',
                request_id: adjusting,
              },
              {
                onSuccess: (answer) => {
                  toast(moneyOutcomeText(answer.message, answer.data))
                  setAdjusting(undefined)
                },
              },
            )
          }
          onClose={() => {
            setAdjusting(undefined)
            adjust.reset()
          }}
        >
          <SelectField
            label={t('members.direction')}
            name="direction"
            defaultValue="CREDIT"
            options={[
              { value: 'CREDIT', text: t('members.credit') },
              { value: 'DEBIT', text: t('members.debit') },
            ]}
          />
          <TextField required label={t('members.amount')} name="amount" inputMode="numeric" pattern="\d+(\.\d{1,2})?" maxLength={12} />
          <TextField required label={t('members.adjustReason')} name="reason" maxLength={500} />
        </FormDialog>
      )}
      {confirming && (
        <FormDialog
          title={`${t(confirming === 'lock' ? 'members.lock' : 'members.unlock')} · ${member.mobile}`}
          lead={t(confirming === 'lock' ? 'members.lockLead' : 'members.unlockLead')}
          submitLabel={t(confirming === 'lock' ? 'members.lock' : 'members.unlock')}
          danger={confirming === 'lock'}
          busy={lock.isPending}
          error={lock.error ? errorText(lock.error) : undefined}
          onSubmit={(fields) =>
            lock.mutate(
              { id, lock: confirming === 'lock', reason: fields.reason ?? '' },
              {
                onSuccess: (answer) => {
                  said(answer)
                  setConfirming(undefined)
                },
              },
            )
          }
          onClose={() => {
            setConfirming(undefined)
            lock.reset()
          }}
        >
          <TextField required label={t('members.reason')} name="reason" maxLength={500} />
        </FormDialog>
      )}
    </article>
  )
}
