import { t } from '../lib/i18n/th.ts'

/**
 * The `from` and `to` day fields of a filter form (Bangkok days, both included: the server's `DayOrInstant`). A form
 * that needs a range (a report) gives its current one and `required`.
 */
export function DateRangeFields(props: { value?: { from: string; to: string }; required?: boolean } = {}) {
  return (
    <>
      <label className="field">
        <span className="field__label">{t('filter.from')}</span>
        <input className="field__input" name="from" type="date" defaultValue={props.value?.from} required={props.required} />
      </label>
      <label className="field">
        <span className="field__label">{t('filter.to')}</span>
        <input className="field__input" name="to" type="date" defaultValue={props.value?.to} required={props.required} />
      </label>
    </>
  )
}
