/**
 * The pay-in account editor: a new account to propose, or new details for `replaces` (a new version that a second finance
 * operator activates). Owns its request.
 */
import { banks, promptPayTypes, type PayinAccount } from '@sanam/contract'
import { FormDialog } from '../../components/dialog.tsx'
import { SelectField, TextField } from '../../components/fields.tsx'
import { useToast } from '../../components/toasts.tsx'
import { errorText } from '../../lib/api-client.ts'
import { t } from '../../lib/i18n/th.ts'
import { useProposePayinAccount } from './api/propose-payin-account.ts'

type PromptPayType = (typeof promptPayTypes)[number]
const promptPayOf = (value: string | undefined): PromptPayType | null => promptPayTypes.find((type) => type === value) ?? null

export function PayinAccountDialog({ replaces, onClose }: { replaces: PayinAccount | undefined; onClose: () => void }) {
  const toast = useToast()
  const propose = useProposePayinAccount()
  return (
    <FormDialog
      title={replaces ? `${t('payin.change')} · ${replaces.account_number}` : t('payin.propose')}
      lead={t(replaces ? 'payin.changeLead' : 'payin.proposeLead')}
      submitLabel={t('common.save')}
      busy={propose.isPending}
      error={propose.error ? errorText(propose.error) : undefined}
      onSubmit={(fields) => {
        const promptpayType = promptPayOf(fields.promptpay_type)
        propose.mutate(
          {
            ...(replaces ? { replaces: replaces.id } : {}),
            bank_code: fields.bank_code ?? '',
            account_number: (fields.account_number ?? '').replace(/\D/g, ''),
            account_name: fields.account_name ?? '',
            promptpay_type: promptpayType,
            promptpay_id: promptpayType ? (fields.promptpay_id ?? '').replace(/\D/g, '') : null,
          },
          {
            onSuccess: ({ message }) => {
              if (message) toast(message)
              onClose()
            },
          },
        )
      }}
      onClose={onClose}
    >
      <SelectField
        label={t('payin.bank')}
        name="bank_code"
        defaultValue={replaces?.bank_code ?? '014'}
        options={banks.map((bank) => ({ value: bank.code, text: bank.th }))}
      />
      <TextField required label={t('payin.number')} name="account_number" inputMode="numeric" maxLength={15} defaultValue={replaces?.account_number} />
      <TextField required label={t('payin.name')} name="account_name" maxLength={100} defaultValue={replaces?.account_name} />
      <SelectField
        label={t('payin.promptpayType')}
        name="promptpay_type"
        defaultValue={replaces?.promptpay_type ?? ''}
        options={[{ value: '', text: t('payin.promptpay.none') }, ...promptPayTypes.map((type) => ({ value: type, text: t(`payin.promptpay.${type}`) }))]}
      />
      <TextField label={t('payin.promptpayId')} name="promptpay_id" inputMode="numeric" maxLength={15} defaultValue={replaces?.promptpay_id ?? ''} />
    </FormDialog>
  )
}
