// Figures as text: a small table with a caption, every number readable by anyone (and by a screen reader) whether or
// not the chart next to it has loaded.
import type { ReactNode } from 'react';

interface FigureTableProps {
  caption: string;
  /** Column headers; the first names the rows, the others are numbers (right-aligned). */
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  /** A last row in bold (a total). */
  footer?: ReactNode[];
  /** data-testid of the table, when tests look it up. */
  testId?: string;
}

const CELL = 'px-3 py-2';

export function FigureTable({ caption, headers, rows, footer, testId }: FigureTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="mb-2 text-left font-semibold text-slate-900">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {headers.map((h, i) => (
              <th key={h} scope="col" className={`${CELL} font-medium ${i === 0 ? 'text-left' : 'text-right'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100">
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={`${CELL} text-left font-normal text-slate-800`}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={`${CELL} text-right tabular-nums text-slate-900`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr className="font-semibold text-slate-900">
              {footer.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className={`${CELL} text-left`}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={`${CELL} text-right tabular-nums`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
