import { t } from '../lib/i18n/index.ts'
import { Spinner } from './spinner.tsx'

/** A page's place while it (or what it needs first) loads: a spinner, and the loading text for screen readers. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spinner size={32} />
      <span className="visually-hidden">{t('state.loading')}</span>
    </div>
  )
}
