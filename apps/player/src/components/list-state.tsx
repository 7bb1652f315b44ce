import type { ReactNode } from 'react'
import { Spinner } from './spinner.tsx'
import { t } from '../lib/i18n/index.ts'
import './list-state.css'

/** Spec §2: the loading text while a list is fetched. */
export function LoadingState() {
  return (
    <p className="list-state" role="status">
      <Spinner />
      {t('state.loading')}
    </p>
  )
}

/** Spec §2: 'no data'. */
export function EmptyState() {
  return <p className="list-state list-state--empty">{t('state.empty')}</p>
}

/** A list that could not be loaded: say so and offer another try. */
export function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="list-state list-state--error" role="alert">
      <p>{t('error.metadata')}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('action.retry')}
      </button>
    </div>
  )
}

/** A fetched list as the lobby shows it: loading, a failed load with a retry, 'no data' when `empty`, or `children`. */
export function ListStates({ query, empty, children }: { query: { status: string; refetch: () => unknown }; empty: boolean; children: ReactNode }) {
  if (query.status === 'pending') return <LoadingState />
  if (query.status === 'error') return <ErrorState onRetry={() => void query.refetch()} />
  return empty ? <EmptyState /> : children
}
