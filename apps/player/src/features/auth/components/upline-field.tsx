import { TextField } from '../../../components/form/text-field.tsx'
import { UserIcon } from '../../../components/icons.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { t } from '../../../lib/i18n/index.ts'
import { useUplineQuery } from '../api/get-upline.ts'

/**
 * Who invited the visitor through the link's `u` (spec §2 Register, ADR 073), locked: the server's masked mobile
 * (xxx-xxx-5678), never the raw id. The id itself is what the form sends as `upid`.
 */
export function UplineField({ upline, error }: { upline: string; error: string | undefined }) {
  const shown = useUplineQuery(upline)
  const hint = shown.isPending ? t('state.loading') : shown.isError ? errorText(shown.error, 'error.metadata') : t('register.lockedHint')
  return <TextField label={t('field.upline')} icon={<UserIcon />} name="upline" value={shown.data?.upline ?? ''} readOnly hint={hint} error={error} />
}
