import type { FormEvent, ReactNode } from 'react'
import { t } from '../lib/i18n/th.ts'

/** A list's search form: its fields (`children`) and the search button; `onSearch` gets every field's trimmed value. */
export function SearchForm(props: { onSearch: (values: Record<string, string>) => void; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    props.onSearch(Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([name, value]) => [name, String(value).trim()])))
  }
  return (
    <form className="filters" role="search" onSubmit={submit}>
      {props.children}
      <button type="submit" className="button">
        {t('common.search')}
      </button>
    </form>
  )
}
