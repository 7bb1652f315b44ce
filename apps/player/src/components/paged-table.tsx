import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { EmptyState, ErrorState, LoadingState } from './list-state.tsx'
import { Pager } from './pager.tsx'

/** One column: its header, and how a row shows in it. `numeric` aligns it right. */
export interface PagedTableColumn<Row> {
  header: string
  numeric?: boolean
  cell: (row: Row) => ReactNode
}

/**
 * A server-paged list as a table (history's two tabs, the referral friends): the loading text, 'no data', a failed
 * load with a retry, the rows, and the prev/next pager (spec §2). `usePage` is the list's query hook, asked for the
 * page shown. A failed load is logged (spec §8), never a logout.
 */
export function PagedTable<Data extends { size: number; total: number }, Row>(props: {
  label: string
  usePage: (page: number) => UseQueryResult<Data>
  rows: (data: Data) => readonly Row[]
  rowKey: (row: Row, index: number) => string | number
  columns: ReadonlyArray<PagedTableColumn<Row>>
  /** Shown above the table once there are rows (e.g. how many friends in all). */
  header?: (data: Data) => ReactNode
}) {
  const { label } = props
  const [page, setPage] = useState(0)
  const query = props.usePage(page)
  useEffect(() => {
    if (query.error) console.warn(`${label} could not be loaded`, query.error)
  }, [query.error, label])

  if (query.isPending) return <LoadingState />
  // Past pending, no data means the load failed (a failed page change keeps the last page's data instead).
  const data = query.data
  if (data === undefined) return <ErrorState onRetry={() => void query.refetch()} />
  const rows = props.rows(data)
  if (rows.length === 0 && page === 0) return <EmptyState />
  const numeric = (column: PagedTableColumn<Row>) => (column.numeric ? 'data-table__number' : undefined)
  return (
    <>
      {props.header?.(data)}
      <div className="card table-card">
        <table className="data-table" aria-label={label} aria-busy={query.isPlaceholderData}>
          <thead>
            <tr>
              {props.columns.map((column) => (
                <th key={column.header} scope="col" className={numeric(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={props.rowKey(row, index)}>
                {props.columns.map((column) => (
                  <td key={column.header} className={numeric(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} size={data.size} total={data.total} busy={query.isPlaceholderData} onChange={setPage} />
    </>
  )
}

/** A paged list whose page is `{ list, size, total }` of rows with ids (the history's tabs): the table of its `list`, keyed by id. */
export function PagedListTable<Row extends { id: number | string }>(props: {
  label: string
  usePage: (page: number) => UseQueryResult<{ list: Row[]; size: number; total: number }>
  columns: ReadonlyArray<PagedTableColumn<Row>>
}) {
  return <PagedTable {...props} rows={(data) => data.list} rowKey={(row) => row.id} />
}
