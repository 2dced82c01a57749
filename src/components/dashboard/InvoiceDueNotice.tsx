// The dashboard's line about money owed: what is open (and overdue) and when the next invoice falls due, with a link to
// 'Faturas'. Nothing when nothing is owed.
import Receipt from 'lucide-react/icons/receipt';
import { formatDate } from '../../lib/domain/format';
import { formatCents } from '../../lib/domain/invoice-rules';

export interface InvoiceDue { owedCents: number; overdueCount: number; nextDue: string | null }

export function InvoiceDueNotice({ due }: { due: InvoiceDue | null }) {
  if (!due || due.owedCents <= 0) return null;
  const overdue = due.overdueCount > 0;
  return (
    <section
      aria-label="Faturas a pagar"
      data-testid="invoice-due"
      className={`flex flex-wrap items-center gap-3 rounded-lg border p-4 text-sm ${overdue ? 'border-red-200 bg-red-50 text-red-900' : 'border-blue-200 bg-blue-50 text-blue-900'}`}
    >
      <Receipt className="h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {overdue ? 'Você tem fatura vencida. ' : ''}
        Em aberto: <strong>{formatCents(due.owedCents)}</strong>
        {due.nextDue ? <> · próximo vencimento em <strong>{formatDate(due.nextDue)}</strong></> : null}
      </p>
      <a href="/invoices" className="font-semibold underline">
        Ver faturas
      </a>
    </section>
  );
}
