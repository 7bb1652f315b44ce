import { bangkokDay } from '@sanam/contract/bangkok'
import { useState, type FormEvent } from 'react'
import { t } from '../lib/i18n/th.ts'
import { TextField } from './fields.tsx'

/** The Bangkok day a day's screen shows: today until another is picked. */
export const useShownDay = () => useState(() => bangkokDay(new Date()))

/** A day's screen's form (`<screen>.day`, `<screen>.show`): picks the Bangkok day it shows, none after today. */
export function DayFilter(props: { screen: 'notifications' | 'reconciliation'; day: string; onDay: (day: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const picked = String(new FormData(event.currentTarget).get('day') ?? '')
    if (picked) props.onDay(picked)
  }
  return (
    <form className="filters" onSubmit={submit}>
      <TextField label={t(`${props.screen}.day`)} type="date" name="day" defaultValue={props.day} max={bangkokDay(new Date())} required />
      <button type="submit" className="button">
        {t(`${props.screen}.show`)}
      </button>
    </form>
  )
}
