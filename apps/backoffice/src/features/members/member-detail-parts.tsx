/**
 * One member's parts (the members screen): the facts and balances, the linked accounts, and the three dialogs that act
 * on the account (reset the password, adjust the balance, lock or unlock). Each dialog owns its request.
 */
import { formatBaht, formatDateTimeSeconds } from '@sanam/web-shared/format'
import { FormDialog, mutationDialog } from '../../components/dialog.tsx'
import { SelectField, TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { t } from '../../lib/i18n/th.ts'
import { moneyOutcomeText } from '../../lib/money-outcome.ts'
import type { MemberProfile } from './api/get-member.ts'
import { useMemberLinks } from './api/get-member-links.ts'
import { useLockMember } from './api/lock-member.ts'
import { useRequestAdjustment } from './api/request-adjustment.ts'
import { useResetMemberPassword } from './api/reset-member-password.ts'
import { exclusionText } from './member-status.ts'

/** The member's balances, bank, invite code, sign-ins, terms and any self-exclusion. */
export function MemberFacts({ member }: { member: MemberProfile }) {
  return (
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
  )
}

/** Accounts that share a device, bank account or address with this one, and why. */
export function MemberLinks({ id }: { id: number }) {
  const links = useMemberLinks(id)
  return (
    <>
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
    </>
  )
}

/** Says the server's message, when it gave one. */
export function useSaid() {
  const toast = useToast()
  return ({ message }: { message: string | undefined }) => {
    if (message) toast(message)
  }
}

/** What a dialog's request does on success: says the server's message, then closes the dialog. */
function useSaidThenClosed(onClose: () => void) {
  const said = useSaid()
  return {
    onSuccess: (answer: { message: string | undefined }) => {
      said(answer)
      onClose()
    },
  }
}

/** Sends the member a new password (the server says how). */
export function ResetPasswordDialog({ id, mobile, onClose }: { id: number; mobile: string; onClose: () => void }) {
  const saidThenClosed = useSaidThenClosed(onClose)
  const reset = useResetMemberPassword()
  return (
    <FormDialog
      title={`${t('members.resetPassword')} · ${mobile}`}
      lead={t('members.resetLead')}
      submitLabel={t('members.resetPassword')}
      danger
      {...mutationDialog(reset, onClose)}
      onSubmit={() => reset.mutate({ id }, saidThenClosed)}
    >
      {null}
    </FormDialog>
  )
}

/** A balance adjustment a second operator approves; `requestId` makes a double submit one adjustment. */
export function AdjustDialog({ id, mobile, requestId, onClose }: { id: number; mobile: string; requestId: string; onClose: () => void }) {
  const toast = useToast()
  const adjust = useRequestAdjustment()
  return (
    <FormDialog
      title={`${t('members.adjust')} · ${mobile}`}
      lead={t('members.adjustLead')}
      submitLabel={t('members.adjust')}
      {...mutationDialog(adjust, onClose)}
      onSubmit={(fields) =>
        adjust.mutate(
          {
            id,
            direction: fields.direction === 'DEBIT' ? 'DEBIT' : 'CREDIT',
            amount: Number(fields.amount),
            reason: fields.reason ?? '',
            request_id: requestId,
          },
          {
            onSuccess: (answer) => {
              toast(moneyOutcomeText(answer.message, answer.data))
              onClose()
            },
          },
        )
      }
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
  )
}

/** Locks or unlocks the account, with a reason. */
export function LockDialog({ id, mobile, confirming, onClose }: { id: number; mobile: string; confirming: 'lock' | 'unlock'; onClose: () => void }) {
  const saidThenClosed = useSaidThenClosed(onClose)
  const lock = useLockMember()
  return (
    <FormDialog
      title={`${t(confirming === 'lock' ? 'members.lock' : 'members.unlock')} · ${mobile}`}
      lead={t(confirming === 'lock' ? 'members.lockLead' : 'members.unlockLead')}
      submitLabel={t(confirming === 'lock' ? 'members.lock' : 'members.unlock')}
      danger={confirming === 'lock'}
      {...mutationDialog(lock, onClose)}
      onSubmit={(fields) => lock.mutate({ id, lock: confirming === 'lock', reason: fields.reason ?? '' }, saidThenClosed)}
    >
      <TextField required label={t('members.reason')} name="reason" maxLength={500} />
    </FormDialog>
  )
}
