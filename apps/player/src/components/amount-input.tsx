import type { FocusEvent, ReactNode, Ref } from 'react'
import { amountDigits, formatAmountInput } from '@sanam/web-shared/format'
import { TextField } from './form/text-field.tsx'

export interface AmountInputProps {
  label: string
  /** The amount as digits only (`1500`); empty when nothing is typed. */
  digits: string
  onDigitsChange: (digits: string) => void
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void
  error?: string | undefined
  hint?: string | undefined
  disabled?: boolean
  readOnly?: boolean
  icon?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/**
 * A whole-baht amount field (spec §5 Withdraw): only digits are kept from what is typed or pasted, and the value
 * is shown with thousands separators as the player types; the caller gets the bare digits.
 */
export function AmountInput({ digits, onDigitsChange, ...field }: AmountInputProps) {
  return (
    <TextField
      {...field}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      enterKeyHint="done"
      value={formatAmountInput(digits)}
      onChange={(event) => onDigitsChange(amountDigits(event.target.value))}
    />
  )
}
