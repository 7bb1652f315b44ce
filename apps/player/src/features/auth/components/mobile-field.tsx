import { TextField, type TextFieldProps } from '../../../components/form/text-field.tsx'
import { PhoneIcon } from '../../../components/icons.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { digitsOnly } from '../validation.ts'

/** The mobile number that signs a player in (the browser's saved username): ten digits, anything else dropped as typed. */
export function MobileField({ onMobile, ...props }: Omit<TextFieldProps, 'label' | 'onChange'> & { onMobile: (mobile: string) => void }) {
  return (
    <TextField
      label={t('field.mobile')}
      icon={<PhoneIcon />}
      name="username"
      type="tel"
      inputMode="numeric"
      autoComplete="username"
      placeholder={t('field.mobilePlaceholder')}
      maxLength={10}
      onChange={(event) => onMobile(digitsOnly(event.target.value, 10))}
      {...props}
    />
  )
}
