import { t } from '../lib/i18n/th.ts'

/** Previous / next over zero-based pages of `size` out of `total`. */
export function Pager(props: { page: number; size: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.size))
  return (
    <nav className="pager" aria-label={t('common.page')}>
      <button type="button" className="button button--ghost" disabled={props.page <= 0} onClick={() => props.onPage(props.page - 1)}>
        {t('common.previous')}
      </button>
      <span>
        {t('common.page')} {props.page + 1} {t('common.of')} {pages}
      </span>
      <button type="button" className="button button--ghost" disabled={props.page + 1 >= pages} onClick={() => props.onPage(props.page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  )
}
