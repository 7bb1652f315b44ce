import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { errorText } from '../lib/api-client.ts'
import { t } from '../lib/i18n/th.ts'

/**
 * A query's answer as a screen shows it: "loading" while it is on its way, the refusal in Thai as an alert if it
 * failed, else `children` of what it loaded.
 */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <p>{t('common.loading')}</p>
  if (query.isError)
    return (
      <p className="form__error" role="alert">
        {errorText(query.error)}
      </p>
    )
  return children(query.data)
}
