/** A choice of one among `options` (tabs, radio buttons): the chosen `value`, each option's `text`, and the change. */
export interface OneOf<T extends string> {
  options: readonly T[]
  value: T
  text: (option: T) => string
  onChange: (option: T) => void
}

/**
 * A row of buttons choosing one view (a status, a tab): the chosen one is pressed (`aria-pressed`). Every list screen's
 * status filter and the member's history tabs use it.
 */
export function ToggleTabs<T extends string>(props: OneOf<T> & { label: string }) {
  return (
    <div className="tabs" role="group" aria-label={props.label}>
      {props.options.map((option) => (
        <button
          key={option}
          type="button"
          className={`tab ${option === props.value ? 'tab--active' : ''}`}
          aria-pressed={option === props.value}
          onClick={() => props.onChange(option)}
        >
          {props.text(option)}
        </button>
      ))}
    </div>
  )
}
