/**
 * A labelled text input bound to one value of a form the page holds in state (the editors: promotions, site). A
 * number input takes decimals and no negatives; `hint` is a short note under it.
 */
export function TextInput(props: {
  label: string
  value: string
  onChange: (value: string) => void
  type?: 'text' | 'url' | 'number' | 'datetime-local'
  maxLength?: number
  step?: string
  required?: boolean
  hint?: string
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <input
        className="field__input"
        type={props.type ?? 'text'}
        inputMode={props.type === 'number' ? 'decimal' : undefined}
        step={props.step}
        min={props.type === 'number' ? 0 : undefined}
        maxLength={props.maxLength}
        value={props.value}
        required={props.required}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint && <span className="cell-note">{props.hint}</span>}
    </label>
  )
}
