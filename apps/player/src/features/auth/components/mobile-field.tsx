import type { TextFieldProps } from '../../../components/form/text-field.tsx'
import { PhoneIcon } from '../../../components/icons.tsx'
import { t } from '../../../lib/i18n/index.ts'
import { DigitsField } from './digits-field.tsx'

/** The mobile number that signs a player in (the browser's saved username): ten digits, anything else dropped as typed. */
export function MobileField({
  onMobile,
  ...props
}: Omit<TextFieldProps, 'label' | 'onChange' | 'maxLength' | 'inputMode'> & { onMobile: (mobile: string) => void }) {
  return (
    <DigitsField
      label={t('field.mobile')}
      icon={<PhoneIcon />}
      name="username"
      type="tel"
      autoComplete="username"
      placeholder={t('field.mobilePlaceholder')}
      digits={10}
      onDigits={onMobile}
      {...props}
    />
  )
}
