import { TextField, type TextFieldProps } from '../../../components/form/text-field.tsx'
import { digitsOnly } from '../validation.ts'

/**
 * A field of digits only (a phone, an account number, a code): the numeric keypad, anything else dropped as typed, at
 * most `digits` of them, handed to `onDigits`.
 */
export function DigitsField({
  digits,
  onDigits,
  ...props
}: Omit<TextFieldProps, 'onChange' | 'maxLength' | 'inputMode'> & { digits: number; onDigits: (value: string) => void }) {
  return <TextField inputMode="numeric" maxLength={digits} onChange={(event) => onDigits(digitsOnly(event.target.value, digits))} {...props} />
}
