import { TextField } from './fields.tsx'
import { t } from '../lib/i18n/th.ts'

/**
 * The `from` and `to` day fields of a filter form (Bangkok days, both included: the server's `DayOrInstant`). A form
 * that needs a range (a report) gives its current one and `required`.
 */
export function DateRangeFields(props: { value?: { from: string; to: string }; required?: boolean } = {}) {
  return (
    <>
      <TextField label={t('filter.from')} name="from" type="date" defaultValue={props.value?.from} required={props.required} />
      <TextField label={t('filter.to')} name="to" type="date" defaultValue={props.value?.to} required={props.required} />
    </>
  )
}
