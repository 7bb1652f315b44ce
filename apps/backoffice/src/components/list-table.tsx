import type { Key, ReactNode } from 'react'
import { t } from '../lib/i18n/th.ts'
import { ColumnHeads } from './column-heads.tsx'

/**
 * A short list drawn by hand as a table (a whole list, no pager: PagedTable serves paged ones): its caption, one
 * heading per column, then `row` draws each item's cells; "nothing" across every column when the list is empty.
 */
export function ListTable<T>(props: { caption: ReactNode; heads: ReactNode[]; items: T[]; itemKey: (item: T) => Key; row: (item: T) => ReactNode }) {
  return (
    <table className="table">
      <caption>{props.caption}</caption>
      <ColumnHeads labels={props.heads} />
      <tbody>
        {props.items.length === 0 && (
          <tr>
            <td colSpan={props.heads.length}>{t('common.empty')}</td>
          </tr>
        )}
        {props.items.map((item) => (
          <tr key={props.itemKey(item)}>{props.row(item)}</tr>
        ))}
      </tbody>
    </table>
  )
}
