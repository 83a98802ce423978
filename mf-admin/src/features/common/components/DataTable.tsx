import type { ReactNode } from 'react';

/** A column of a data table: its header and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
}

/**
 * The admin's tables (sales, students, jobs, practice clips): a caption, a header cell per
 * column, a row per item, and a line in words when there is none (`empty`).
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  captionClassName,
  className = 'adm-table',
  empty,
  rowTestId,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  caption?: ReactNode;
  captionClassName?: string;
  className?: string;
  empty?: ReactNode;
  rowTestId?: string;
}) {
  return (
    <table className={className}>
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty !== undefined && (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId}>
            {columns.map((c, i) => (
              <td key={i}>{c.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
