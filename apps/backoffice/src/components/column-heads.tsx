import type { ReactNode } from 'react'

/** The header row of a table drawn by hand (DataTable draws its own): one column heading per label, in order. */
export function ColumnHeads({ labels }: { labels: ReactNode[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label, i) => (
          <th key={i} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
