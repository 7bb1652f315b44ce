import type { Page } from '@sanam/contract'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState } from 'react'
import { DataTable } from './data-table.tsx'
import { Pager } from './pager.tsx'

/**
 * A paged list as a table, with the pager under it once a page has come: every list screen's table. `query` gives the
 * query of each page; `filter` is what the pages are of (a status, a search): when it changes, the table starts again
 * at the first page, keeping the rows it shows until that page has come.
 */
export function PagedTable<T, Key extends QueryKey>(props: {
  caption: string
  columns: ColumnDef<T, unknown>[]
  query: (page: number) => UseQueryOptions<Page<T>, Error, Page<T>, Key>
  filter?: unknown
}) {
  const filter = JSON.stringify(props.filter ?? null)
  const [at, setAt] = useState({ filter, page: 0 })
  const page = at.filter === filter ? at.page : 0
  const list = useQuery(props.query(page))
  return (
    <>
      <DataTable caption={props.caption} columns={props.columns} rows={list.data?.list} loading={list.isPending} />
      {list.data && <Pager page={page} size={list.data.size} total={list.data.total} onPage={(next) => setAt({ filter, page: next })} />}
    </>
  )
}
