import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { t } from '../../lib/i18n/index.ts'
import { EyeIcon, EyeOffIcon, LockIcon } from '../icons.tsx'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string
  /** Drawn at the start of the input. */
  icon?: ReactNode
  /** Shown under the input in red, and tied to it for screen readers. */
  error?: string | undefined
  /** Quiet help under the input (hidden while there is an error). */
  hint?: string | undefined
  /** Replaces the end of the input (e.g. the show-password button). */
  trailing?: ReactNode
  /** Extra class on the input itself (e.g. the wide-spaced OTP input). */
  inputClassName?: string
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with an optional icon, hint and error; the label is always visible (no placeholder-only fields). */
export function TextField({ label, icon, error, hint, trailing, inputClassName, ...input }: TextFieldProps) {
  const id = useId()
  const note = error ?? hint
  const noteId = note ? `${id}-note` : undefined
  return (
    <div className={`field${error ? ' field--invalid' : ''}${input.readOnly ? ' field--locked' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {icon && <span className="field__icon">{icon}</span>}
        <input
          id={id}
          className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
          {...input}
        />
        {trailing}
      </div>
      {note && (
        <p id={noteId} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  )
}

/** A password field with a show/hide toggle, drawn with the lock unless it has another icon. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      icon={<LockIcon />}
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={visible ? t('action.hidePassword') : t('action.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  )
}
