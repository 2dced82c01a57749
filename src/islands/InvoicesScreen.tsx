// /invoices ('Faturas'): the client's invoices, newest first, with what is open and overdue and when the next one is
// due. Row-level security gives the client only their own invoices. Live: an invoice issued, edited, cancelled or paid
// (by the agency or by the bank's Pix notification) shows without a reload.
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { getInvoiceTotals, listInvoices, type InvoiceTotals } from '../lib/data/invoices';
import { formatDate } from '../lib/domain/format';
import { formatCents } from '../lib/domain/invoice-rules';
import { usePagedList } from './hooks/usePagedList';
import { useLiveTable } from './hooks/useLiveTable';
import { ScreenTitle } from '../components/shell/ScreenTitle';
import { InvoiceTable } from '../components/invoices/InvoiceTable';
import { PagedList } from '../components/ui/PagedList';

export const INVOICES_TITLE = 'Faturas';
export const INVOICES_SUBTITLE = 'Suas faturas, o que está em aberto e como pagar com Pix.';

export default function InvoicesScreen() {
  const { user } = useStore($auth);
  const [totals, setTotals] = useState<InvoiceTotals | null>(null);
  const onError = useCallback(
    (e: unknown) => toast({ title: 'Erro ao carregar faturas', description: errorMessage(e), variant: 'destructive' }),
    [],
  );
  const list = usePagedList((offset) => listInvoices({ offset }), 'all', { enabled: !!user, onError });

  const readTotals = useCallback(() => {
    getInvoiceTotals().then(setTotals).catch(() => setTotals(null));
  }, []);
  useEffect(() => {
    if (user) readTotals();
  }, [user, readTotals]);
  const { refresh } = list;
  useLiveTable('invoices', user ? [{ table: 'invoices', filter: `user_id=eq.${user.id}` }] : null, {
    refresh: () => {
      refresh();
      readTotals();
    },
  });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <ScreenTitle title={INVOICES_TITLE} subtitle={INVOICES_SUBTITLE} />
      {totals && (
        <div className="grid gap-3 sm:grid-cols-3" data-testid="invoice-totals">
          <Figure label="Em aberto" value={formatCents(totals.open_cents)} note={`${totals.open_count} fatura(s)`} />
          <Figure label="Vencidas" value={formatCents(totals.overdue_cents)} note={`${totals.overdue_count} fatura(s)`} alert={totals.overdue_count > 0} />
          <Figure label="Próximo vencimento" value={totals.next_due_date ? formatDate(totals.next_due_date) : '—'} />
        </div>
      )}
      <PagedList
        list={list}
        loadingLabel="Carregando faturas..."
        errorText="Não foi possível carregar suas faturas."
        empty="Você ainda não tem faturas."
        footer="load-more"
        dim={false}
      >
        {(rows) => <InvoiceTable rows={rows} hrefOf={(row) => `/invoices/${row.id}`} />}
      </PagedList>
    </div>
  );
}

function Figure({ label, value, note, alert = false }: { label: string; value: string; note?: string; alert?: boolean }) {
  return (
    <div className={`rounded-lg border bg-white p-4 ${alert ? 'border-red-200' : 'border-slate-200'}`}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`mt-1 text-2xl font-bold tabular-nums ${alert ? 'text-red-700' : 'text-slate-900'}`}>{value}</p>
      {note && <p className="text-xs text-slate-500">{note}</p>}
    </div>
  );
}
