import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table'
import { t } from '../lib/i18n/th.ts'

/**
 * The rows while none have loaded: one array for every render. TanStack Table recomputes (and resets its paging
 * state) whenever `data` is a new array, so a fresh `[]` per render re-renders without end while a query loads.
 */
const NO_ROWS: never[] = []

/** A table of `rows` through TanStack Table: column definitions in, an accessible <table> out. */
export function DataTable<T>(props: { columns: ColumnDef<T, unknown>[]; rows: T[] | undefined; loading: boolean; caption: string }) {
  const table = useReactTable({ data: props.rows ?? NO_ROWS, columns: props.columns, getCoreRowModel: getCoreRowModel() })
  return (
    <div className="table-wrap">
      {/* aria-busy: assistive technology (and a test) can tell the rows still loading from the rows there are. */}
      <table className="table" aria-busy={props.loading}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {table.getRowModel().rows.length === 0 && (
            <tr>
              <td colSpan={props.columns.length} className="table__empty">
                {props.loading ? t('common.loading') : t('common.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
