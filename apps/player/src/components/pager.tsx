import { t } from '../lib/i18n/index.ts'
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx'
import './lists.css'

/**
 * Previous/next paging over a zero-based list (spec §2 History, §7 `page` zero-based): the page number is shown
 * from 1, previous is disabled on the first page and next on the last, known from the envelope's `total` and `size`.
 */
export function Pager({
  page,
  size,
  total,
  busy = false,
  onChange,
}: {
  page: number
  size: number
  total: number
  busy?: boolean
  onChange: (page: number) => void
}) {
  const last = size > 0 && total > 0 ? Math.ceil(total / size) - 1 : 0
  // An empty list says so itself; a single page still shows where the player is, with both ways shut.
  if (total === 0 && page === 0) return null
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="icon-button icon-button--outline"
        aria-label={t('pager.previous')}
        disabled={page <= 0 || busy}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <span className="pager__page" aria-current="page" aria-live="polite">
        {t('pager.page', { n: page + 1 })}
      </span>
      <button
        type="button"
        className="icon-button icon-button--outline"
        aria-label={t('pager.next')}
        disabled={page >= last || busy}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  )
}
