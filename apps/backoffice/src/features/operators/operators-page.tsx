import { OPERATOR_ROLES, type OperatorListItem, type OperatorView } from '@sanam/contract'
import { formatDateTimeSeconds } from '@sanam/web-shared/format'
import type { ColumnDef } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { DataTable } from '../../components/data-table.tsx'
import { FormDialog, mutationDialog } from '../../components/dialog.tsx'
import { SelectField, TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { useOperators } from '../../lib/api/get-operators.ts'
import { t } from '../../lib/i18n/th.ts'
import { useOperator, type Role } from '../../lib/operator.ts'
import { useChangeOperatorPhone } from './api/change-operator-phone.ts'
import { useChangeOperatorRole } from './api/change-operator-role.ts'
import { useCreateOperator } from './api/create-operator.ts'
import { useResetOperatorPassword } from './api/reset-operator-password.ts'
import { useUpdateOperatorAccess, type OperatorAccessChange } from './api/update-operator-access.ts'
import { DecidesMoney } from './decides-money.tsx'
import { OperatorRequests } from './operator-requests.tsx'
import { PageHead } from '../../components/page-head.tsx'

const ROLES: readonly Role[] = OPERATOR_ROLES
type Editing = { kind: 'create' } | { kind: 'role' | 'phone' | 'reset-password'; operator: OperatorView }
/** A Thai mobile, as the API takes it. */
const PHONE_PATTERN = '0[689][0-9]{8}'
/** The role chosen in the form (its select offers only these). */
const roleOf = (value: string | undefined): Role => ROLES.find((role) => role === value) ?? 'support'

function RoleSelect({ defaultValue }: { defaultValue?: Role }) {
  return (
    <SelectField
      label={t('operators.role')}
      name="role"
      defaultValue={defaultValue ?? 'support'}
      options={ROLES.map((role) => ({ value: role, text: t(`role.${role}`) }))}
    />
  )
}

/**
 * Owners manage operators: create, change role or phone, disable or enable, send a new one-time password or reset a lost
 * authenticator. A one-time password goes by SMS to the operator's own phone, never to this screen; a change to an owner
 * or finance operator waits below for a second owner (ADR 070).
 */
export function OperatorsPage() {
  const me = useOperator()
  const toast = useToast()
  const [editing, setEditing] = useState<Editing>()
  const operators = useOperators()
  const create = useCreateOperator()
  const changeRole = useChangeOperatorRole()
  const changePhone = useChangeOperatorPhone()
  const resetPassword = useResetOperatorPassword()
  const { mutate: updateAccess } = useUpdateOperatorAccess()
  const done = {
    onSuccess: ({ message }: { message: string | undefined }) => {
      if (message) toast(message)
      setEditing(undefined)
    },
  }
  const edit = editing?.kind === 'role' ? changeRole : editing?.kind === 'phone' ? changePhone : resetPassword

  const columns = useMemo<ColumnDef<OperatorListItem, unknown>[]>(() => {
    const run = (id: number, change: OperatorAccessChange) =>
      updateAccess({ id, change }, { onSuccess: ({ message }) => message && toast(message), onError: (failure) => toast(errorText(failure), 'error') })
    return [
      {
        header: t('operators.username'),
        cell: ({ row }) => (row.original.id === me.data?.operator_id ? `${row.original.username} ${t('operators.you')}` : row.original.username),
      },
      { header: t('operators.role'), cell: ({ row }) => t(`role.${row.original.role}`) },
      { header: t('operators.phoneColumn'), cell: ({ row }) => row.original.phone ?? t('operators.noPhone') },
      { header: t('operators.totp'), cell: ({ row }) => t(row.original.totp_enrolled ? 'operators.totpOn' : 'operators.totpOff') },
      {
        header: t('operators.state'),
        cell: ({ row }) => (
          <span className={row.original.disabled ? 'state state--off' : 'state'}>{t(row.original.disabled ? 'operators.disabled' : 'operators.enabled')}</span>
        ),
      },
      { header: t('operators.lastLogin'), cell: ({ row }) => formatDateTimeSeconds(row.original.last_login_at) },
      { header: t('operators.decidesMoney'), cell: ({ row }) => <DecidesMoney operator={row.original} /> },
      {
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => {
          const operator = row.original
          if (operator.id === me.data?.operator_id) return null
          return (
            <span className="row-actions">
              <button type="button" className="button button--ghost" onClick={() => setEditing({ kind: 'role', operator })}>
                {t('operators.changeRole')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setEditing({ kind: 'phone', operator })}>
                {t('operators.changePhone')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setEditing({ kind: 'reset-password', operator })}>
                {t('operators.resetPassword')}
              </button>
              {operator.totp_enrolled && (
                <button type="button" className="button button--ghost" onClick={() => run(operator.id, 'reset-totp')}>
                  {t('operators.resetTotp')}
                </button>
              )}
              {operator.disabled ? (
                <button type="button" className="button button--ghost" onClick={() => run(operator.id, 'enable')}>
                  {t('operators.enable')}
                </button>
              ) : (
                <button type="button" className="button button--danger" onClick={() => run(operator.id, 'disable')}>
                  {t('operators.disable')} {operator.username}
                </button>
              )}
            </span>
          )
        },
      },
    ]
  }, [me.data?.operator_id, updateAccess, toast])

  return (
    <section className="panel">
      <PageHead screen="operators" action={{ text: t('operators.create'), onClick: () => setEditing({ kind: 'create' }) }} />
      <OperatorRequests />
      <DataTable caption={t('operators.title')} columns={columns} rows={operators.data?.list} loading={operators.isPending} />
      {editing?.kind === 'create' && (
        <FormDialog
          title={t('operators.create')}
          lead={t('operators.createLead')}
          submitLabel={t('common.save')}
          {...mutationDialog(create, () => setEditing(undefined))}
          onSubmit={(fields) => create.mutate({ username: fields.username ?? '', phone: fields.phone ?? '', role: roleOf(fields.role) }, done)}
        >
          <TextField required label={t('operators.username')} name="username" maxLength={32} pattern="[a-z0-9_.\-]{3,32}" />
          <TextField required label={t('operators.phone')} name="phone" type="tel" inputMode="numeric" maxLength={10} pattern={PHONE_PATTERN} />
          <RoleSelect />
        </FormDialog>
      )}
      {editing && editing.kind !== 'create' && (
        <FormDialog
          title={`${t(editing.kind === 'role' ? 'operators.changeRole' : editing.kind === 'phone' ? 'operators.changePhone' : 'operators.resetPassword')} · ${editing.operator.username}`}
          {...(editing.kind === 'reset-password' ? { lead: `${t('operators.resetPasswordLead')} (${editing.operator.phone ?? t('operators.noPhone')})` } : {})}
          submitLabel={t(editing.kind === 'reset-password' ? 'operators.send' : 'common.save')}
          {...mutationDialog(edit, () => setEditing(undefined))}
          onSubmit={(fields) =>
            editing.kind === 'role'
              ? changeRole.mutate({ id: editing.operator.id, role: roleOf(fields.role) }, done)
              : editing.kind === 'phone'
                ? changePhone.mutate({ id: editing.operator.id, phone: fields.phone ?? '' }, done)
                : resetPassword.mutate({ id: editing.operator.id }, done)
          }
        >
          {editing.kind === 'role' && <RoleSelect defaultValue={editing.operator.role} />}
          {editing.kind === 'phone' && (
            <TextField required label={t('operators.phone')} name="phone" type="tel" inputMode="numeric" maxLength={10} pattern={PHONE_PATTERN} />
          )}
        </FormDialog>
      )}
    </section>
  )
}
