import type { ReactNode } from 'react';

/** A column of a data table: its header and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  /** The column's name beside each value when a phone shows a row as a card (else the header's text). */
  label?: string;
  cell: (row: T) => ReactNode;
}

const labelOf = <T,>(c: Column<T>) => c.label ?? (typeof c.header === 'string' ? c.header : '');

/**
 * The admin's tables (sales, students, jobs, practice clips): a caption, a header cell per
 * column, a row per item, and a line in words when there is none (`empty`). On a phone the CSS
 * shows each row as a card, each value under its column's name (`data-label`); the roles keep
 * it a table for screen readers when its display is no longer one.
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
    <table className={className} role="table">
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((c, i) => (
            <th key={i} scope="col" role="columnheader">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.length === 0 && empty !== undefined && (
          <tr role="row">
            <td role="cell" colSpan={columns.length} data-label="">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)} data-testid={rowTestId} role="row">
            {columns.map((c, i) => (
              <td key={i} role="cell" data-label={labelOf(c)}>
                {/* one box beside the label on a phone, whatever the cell holds */}
                <div className="adm-cell">{c.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
