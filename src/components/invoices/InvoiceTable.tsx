// A list of invoices: number, (client), due date, total and status; each number links to the invoice. On narrow screens
// the rows become cards. `actions` renders the staff's buttons of a row.
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/domain/format';
import { formatCents, periodLabel } from '../../lib/domain/invoice-rules';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { personLabel } from '../../lib/domain/profile-rules';

export interface InvoiceRow {
  id: string;
  number: string;
  due_date: string;
  total_cents: number;
  status: string;
  period: string | null;
  client?: { full_name: string | null; email: string | null } | null;
  project?: { title: string } | null;
}

export function clientName(row: Pick<InvoiceRow, 'client'>): string {
  return personLabel(row.client) || '—';
}

interface Props {
  rows: InvoiceRow[];
  hrefOf: (row: InvoiceRow) => string;
  showClient?: boolean;
  actions?: (row: InvoiceRow) => ReactNode;
}

export function InvoiceTable({ rows, hrefOf, showClient = false, actions }: Props) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="invoice-table">
        <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-500 md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Fatura</th>
            {showClient && <th scope="col" className="px-4 py-3 font-semibold">Cliente</th>}
            <th scope="col" className="px-4 py-3 font-semibold">Vencimento</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Total</th>
            <th scope="col" className="px-4 py-3 font-semibold">Status</th>
            {actions && <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">Ações</span></th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="invoice-row" className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 md:table-row md:p-0">
              <td className="w-full md:w-auto md:px-4 md:py-3">
                <a href={hrefOf(row)} className="font-semibold text-brand-700 hover:underline">
                  {row.number}
                </a>
                <p className="text-xs text-slate-500">{row.period ? `Mensalidade de ${periodLabel(row.period)}` : (row.project?.title ?? 'Fatura avulsa')}</p>
              </td>
              {showClient && <td className="w-full text-slate-700 md:w-auto md:px-4 md:py-3">{clientName(row)}</td>}
              <td className="text-slate-700 md:px-4 md:py-3">
                <span className="md:hidden">Vence em </span>
                {formatDate(row.due_date)}
              </td>
              <td className="font-semibold tabular-nums text-slate-900 md:px-4 md:py-3 md:text-right">{formatCents(row.total_cents)}</td>
              <td className="md:px-4 md:py-3">
                <InvoiceStatusBadge status={row.status} />
              </td>
              {actions && <td className="w-full md:w-auto md:px-4 md:py-3">{actions(row)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
