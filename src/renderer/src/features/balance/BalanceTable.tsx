import type { ReactNode } from 'react'

/** A dashboard table (column headings, then the caller's rows), or its empty line when it has no rows. */
export function BalanceTable({
  columns,
  empty,
  emptyText,
  testId,
  children
}: {
  columns: string[]
  empty: boolean
  emptyText: string
  testId: string
  children: ReactNode
}) {
  if (empty) return <p className="balance-muted">{emptyText}</p>
  return (
    <table className="balance-table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  )
}
