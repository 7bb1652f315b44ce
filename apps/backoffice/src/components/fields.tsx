import { useId, type KeyboardEvent, type ReactNode } from 'react'

/**
 * The back-office's one kit of labelled form fields (issue 35 §3): every editor, whether a dialog that reads its form
 * on submit (`name` + `defaultValue`) or a page that holds its form in state (`value` + `onChange`), builds its fields
 * from these, so a label, a hint and an error look and read the same everywhere. The label wraps its control: the
 * label's text is the control's accessible name (the e2e specs find fields by it).
 */
interface Labelled {
  label: string
  /** A short note under the control. */
  hint?: string | undefined
  /** What is wrong with this field's value, shown under it and marking the control invalid. */
  error?: string | undefined
  /** A layout class beside `field` (a wide filter). */
  className?: string
}

/** What every control of the kit carries: its class, its name and binding, and the hint and error read out with it. */
interface Control {
  className: string
  name: string | undefined
  required: boolean | undefined
  'aria-describedby'?: string
  'aria-invalid'?: true
  defaultValue: string | undefined
  value: string | undefined
  onChange: ((event: { target: { value: string } }) => void) | undefined
}

/**
 * The label, the control, then the one hint and the one error display, both read out with the control. The control
 * (an input, a select, a textarea) is given what every field's control carries; it adds its own attributes.
 */
function Frame(props: Labelled & Bound & { children: (control: Control) => ReactNode }) {
  const id = useId()
  const hintId = props.hint ? `${id}-hint` : undefined
  const errorId = props.error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ')
  const onChange = props.onChange
  return (
    <label className={props.className ? `field ${props.className}` : 'field'}>
      <span className="field__label">{props.label}</span>
      {props.children({
        className: 'field__input',
        name: props.name,
        required: props.required,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(errorId ? { 'aria-invalid': true } : {}),
        defaultValue: props.defaultValue,
        value: props.value,
        onChange: onChange && ((event) => onChange(event.target.value)),
      })}
      {props.hint && (
        <span className="cell-note" id={hintId}>
          {props.hint}
        </span>
      )}
      {props.error && (
        <span className="form__error" role="alert" id={errorId}>
          {props.error}
        </span>
      )}
    </label>
  )
}

/** A form's error as an alert under it (nothing when there is none): every form shows and announces it the same way. */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null
  return (
    <p id={id} className="form__error" role="alert">
      {message}
    </p>
  )
}

/** Read on submit (`name`, `defaultValue`) or held by the page (`value`, `onChange`). */
interface Bound {
  name?: string
  defaultValue?: string | undefined
  value?: string
  onChange?: (value: string) => void
  required?: boolean
}

/**
 * A text, number (money too: decimals, no negatives), day, date-time, URL, phone or password field. `required` is off
 * unless given; `autoComplete` is off unless given (an operator's screen fills nothing from a browser's memory).
 */
export function TextField(
  props: Labelled &
    Bound & {
      type?: 'text' | 'url' | 'number' | 'date' | 'datetime-local' | 'tel' | 'password'
      inputMode?: 'numeric' | 'decimal'
      autoComplete?: string
      minLength?: number
      maxLength?: number
      pattern?: string
      step?: string | number
      max?: number | string
      readOnly?: boolean
      autoFocus?: boolean
      onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void
    },
) {
  const number = props.type === 'number'
  return (
    <Frame {...props}>
      {(control) => (
        <input
          {...control}
          type={props.type ?? 'text'}
          inputMode={props.inputMode ?? (number ? 'decimal' : undefined)}
          autoComplete={props.autoComplete ?? 'off'}
          step={props.step}
          min={number ? 0 : undefined}
          max={props.max}
          minLength={props.minLength}
          maxLength={props.maxLength}
          pattern={props.pattern}
          readOnly={props.readOnly}
          autoFocus={props.autoFocus}
          onKeyDown={props.onKeyDown}
        />
      )}
    </Frame>
  )
}

/** A choice from a fixed list. */
export function SelectField(props: Labelled & Bound & { options: ReadonlyArray<{ value: string; text: string }> }) {
  return (
    <Frame {...props}>
      {(control) => (
        <select {...control}>
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      )}
    </Frame>
  )
}

/** Several lines of text. */
export function TextAreaField(props: Labelled & Bound & { rows?: number; maxLength?: number }) {
  return <Frame {...props}>{(control) => <textarea {...control} rows={props.rows ?? 3} maxLength={props.maxLength} />}</Frame>
}

/** A yes/no: the box before its label, as a form reads it on submit (`on` when ticked) or held by the page. */
export function CheckboxField(props: {
  label: ReactNode
  name?: string
  defaultChecked?: boolean
  checked?: boolean
  onChange?: (checked: boolean) => void
  className?: string
}) {
  return (
    <label className={props.className ?? 'check'}>
      <input
        type="checkbox"
        name={props.name}
        defaultChecked={props.defaultChecked}
        checked={props.checked}
        onChange={props.onChange && ((event) => props.onChange?.(event.target.checked))}
      />
      <span>{props.label}</span>
    </label>
  )
}
