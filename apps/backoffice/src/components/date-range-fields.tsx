import { t } from '../lib/i18n/th.ts'

/** The `from` and `to` day fields of a filter form (Bangkok days, both included: the server's `DayOrInstant`). */
export function DateRangeFields() {
  return (
    <>
      <label className="field">
        <span className="field__label">{t('filter.from')}</span>
        <input className="field__input" name="from" type="date" />
      </label>
      <label className="field">
        <span className="field__label">{t('filter.to')}</span>
        <input className="field__input" name="to" type="date" />
      </label>
    </>
  )
}
