import type { Page } from '@sanam/contract'
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { ColumnDef } from '@tanstack/react-table'
import { useState, type ReactNode } from 'react'
import { t } from '../lib/i18n/th.ts'
import { DataTable } from './data-table.tsx'
import { Pager } from './pager.tsx'

/** What a paged list is asked with: `query` gives the query of each page, `filter` is what the pages are of. */
interface PagedQuery<T, Key extends QueryKey> {
  query: (page: number) => UseQueryOptions<Page<T>, Error, Page<T>, Key>
  filter?: unknown
}

/**
 * The page of a paged list shown now, and the pager under it once a page has come. When `filter` (a status, a search)
 * changes, the list starts again at the first page, keeping the rows it shows until that page has come.
 */
function usePaged<T, Key extends QueryKey>(props: PagedQuery<T, Key>) {
  const filter = JSON.stringify(props.filter ?? null)
  const [at, setAt] = useState({ filter, page: 0 })
  const page = at.filter === filter ? at.page : 0
  const list = useQuery(props.query(page))
  const pager = list.data && <Pager page={page} size={list.data.size} total={list.data.total} onPage={(next) => setAt({ filter, page: next })} />
  return { list, pager }
}

/** A paged list as a table, with the pager under it: every list screen's table. */
export function PagedTable<T, Key extends QueryKey>(props: PagedQuery<T, Key> & { caption: string; columns: ColumnDef<T, unknown>[] }) {
  const { list, pager } = usePaged(props)
  return (
    <>
      <DataTable caption={props.caption} columns={props.columns} rows={list.data?.list} loading={list.isPending} />
      {pager}
    </>
  )
}

/** A paged list drawn by the screen (`children` of a page's rows, cards or a table of its own), with the pager under it. */
export function PagedList<T, Key extends QueryKey>(props: PagedQuery<T, Key> & { children: (rows: T[]) => ReactNode }) {
  const { list, pager } = usePaged(props)
  return (
    <>
      {list.isPending ? <p>{t('common.loading')}</p> : list.data?.list.length ? props.children(list.data.list) : <p className="muted">{t('common.empty')}</p>}
      {pager}
    </>
  )
}
