// The billing desk of /admin/billing: the invoices with filters (status, month of issue, client), the totals (open,
// overdue, received this month), 'Gerar faturas do mês' (the same idempotent job the schedule runs), a manual invoice,
// edit/cancel/mark paid of an open one, and the month's invoices as CSV for the accountant. The database decides
// everything (totals, numbers, what may change); a refused save keeps what was typed and shows the database's reason.
// Live: the list and the totals follow every invoice change (another admin's, the month's job, a Pix payment).
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import Download from 'lucide-react/icons/download';
import FilePlus2 from 'lucide-react/icons/file-plus-corner';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import {
  generateMonthlyInvoices,
  getInvoiceTotals,
  listBillableClients,
  listInvoices,
  listMonthInvoices,
  type BillableClient,
  type InvoiceListItem,
  type InvoiceTotals,
} from '../../lib/data/invoices';
import { formatCents, INVOICE_STATUS_OPTIONS, invoicesCsv, isPayable } from '../../lib/domain/invoice-rules';
import type { InvoiceStatus, PaymentMethod } from '../../lib/domain/status-codes';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { usePagedList } from '../hooks/usePagedList';
import { useLiveTable } from '../hooks/useLiveTable';
import { clientName, InvoiceTable, type InvoiceRow } from '../../components/invoices/InvoiceTable';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Label } from '../../components/ui/Label';
import { PagedList } from '../../components/ui/PagedList';
import { Select } from '../../components/ui/Select';

function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

// The dialogs are fetched the first time one opens.
const InvoiceFormDialog = lazy(() => import('./InvoiceDialogs').then((m) => ({ default: m.InvoiceFormDialog })));
const CancelDialog = lazy(() => import('./InvoiceStatusDialogs').then((m) => ({ default: m.CancelDialog })));
const PayDialog = lazy(() => import('./InvoiceStatusDialogs').then((m) => ({ default: m.PayDialog })));

type Action =
  | { kind: 'new' }
  | { kind: 'edit'; row: InvoiceRow }
  | { kind: 'cancel'; row: InvoiceRow }
  | { kind: 'pay'; row: InvoiceRow }
  | null;

export function InvoiceDesk({ clientId: fixedClient }: { clientId?: string } = {}) {
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [month, setMonth] = useState('');
  const [clientId, setClientId] = useState(fixedClient ?? '');
  const [clients, setClients] = useState<BillableClient[]>([]);
  const [totals, setTotals] = useState<InvoiceTotals | null>(null);
  const [action, setAction] = useState<Action>(null);
  const [generating, setGenerating] = useState(false);
  const [exportMonth, setExportMonth] = useState(thisMonth());

  const key = `${status}|${month}|${clientId}`;
  const list = usePagedList<InvoiceListItem>((offset) => listInvoices({ status, month, clientId, offset }), key, {
    enabled: true,
    onError: (e) => toast({ title: 'Erro ao carregar as faturas', description: errorMessage(e), variant: 'destructive' }),
  });

  const refreshTotals = useCallback(() => {
    getInvoiceTotals().then(setTotals).catch(() => setTotals(null));
  }, []);
  useEffect(refreshTotals, [refreshTotals]);
  useEffect(() => {
    listBillableClients().then(setClients).catch(() => setClients([]));
  }, []);

  const { refresh } = list;
  useLiveTable('invoice-desk', [{ table: 'invoices', ...(fixedClient ? { filter: `user_id=eq.${fixedClient}` } : {}) }], {
    refresh: () => {
      refresh();
      refreshTotals();
    },
  });

  const changed = useCallback(() => {
    list.reload();
    refreshTotals();
  }, [list, refreshTotals]);

  async function generate() {
    setGenerating(true);
    try {
      const n = await generateMonthlyInvoices();
      toast({
        title: n === 0 ? 'Nenhuma fatura nova' : n === 1 ? '1 fatura emitida' : `${n} faturas emitidas`,
        description: n === 0 ? 'Todos os projetos em andamento já têm a fatura deste mês.' : 'As mensalidades do mês foram faturadas.',
      });
      changed();
    } catch (e) {
      toast({ title: 'Erro ao gerar as faturas do mês', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  }

  async function exportCsv() {
    try {
      const rows = await listMonthInvoices(exportMonth);
      const csv = invoicesCsv(rows.map((r) => ({ ...r, client: clientName(r), total_cents: Number(r.total_cents) })));
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `faturas-${exportMonth}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast({ title: 'CSV exportado', description: `${rows.length} fatura(s) de ${exportMonth}.` });
    } catch (e) {
      toast({ title: 'Erro ao exportar', description: errorMessage(e), variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="invoice-desk-heading" className="mb-10 flex flex-col gap-4" data-testid="invoice-desk">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="invoice-desk-heading" className="text-lg font-semibold text-slate-900">Faturas</h2>
        <div className="flex flex-wrap gap-2">
          {!fixedClient && (
            <Button type="button" variant="outline" onClick={generate} disabled={generating}>
              <RefreshCw className="mr-2 h-4 w-4" aria-hidden="true" />
              {generating ? 'Gerando...' : 'Gerar faturas do mês'}
            </Button>
          )}
          <Button type="button" onClick={() => setAction({ kind: 'new' })}>
            <FilePlus2 className="mr-2 h-4 w-4" aria-hidden="true" />
            Nova fatura
          </Button>
        </div>
      </div>

      {!fixedClient && (
        <div className="grid gap-3 sm:grid-cols-3" data-testid="invoice-desk-totals">
          <Figure label="Em aberto" value={totals ? formatCents(totals.open_cents) : '…'} note={totals ? `${totals.open_count} fatura(s)` : ''} />
          <Figure label="Vencidas" value={totals ? formatCents(totals.overdue_cents) : '…'} note={totals ? `${totals.overdue_count} fatura(s)` : ''} />
          <Figure label="Recebido no mês" value={totals ? formatCents(totals.received_month_cents) : '…'} />
        </div>
      )}

      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 md:flex-row md:flex-wrap md:items-end">
        <div className="flex flex-col gap-1">
          <Label htmlFor="invoice-filter-status">Status</Label>
          <Select id="invoice-filter-status" value={status} onChange={(e) => setStatus(e.target.value as InvoiceStatus | '')}>
            <option value="">Todos</option>
            {INVOICE_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>{o.label}</option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="invoice-filter-month">Mês de emissão</Label>
          <Input id="invoice-filter-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </div>
        {!fixedClient && (
          <div className="flex flex-col gap-1">
            <Label htmlFor="invoice-filter-client">Cliente</Label>
            <Select id="invoice-filter-client" value={clientId} onChange={(e) => setClientId(e.target.value)}>
              <option value="">Todos</option>
              {clients.map((c) => (
                <option key={c.id} value={c.id}>{c.name}</option>
              ))}
            </Select>
          </div>
        )}
        {!fixedClient && (
          <div className="flex items-end gap-2 md:ml-auto">
            <div className="flex flex-col gap-1">
              <Label htmlFor="invoice-export-month">Exportar mês</Label>
              <Input id="invoice-export-month" type="month" value={exportMonth} onChange={(e) => setExportMonth(e.target.value)} />
            </div>
            <Button type="button" variant="outline" onClick={exportCsv} disabled={!exportMonth}>
              <Download className="mr-2 h-4 w-4" aria-hidden="true" />
              CSV
            </Button>
          </div>
        )}
      </div>

      <PagedList
        list={list}
        loadingLabel="Carregando faturas..."
        errorText="Não foi possível carregar as faturas."
        empty="Nenhuma fatura com estes filtros."
        footer="load-more"
        dim={false}
      >
        {(rows) => (
          <InvoiceTable
            rows={rows}
            showClient={!fixedClient}
            hrefOf={(row) => `/admin/invoices/${row.id}`}
            actions={(row) =>
              isPayable(row.status) ? (
                <div className="flex flex-wrap gap-1">
                  <Button type="button" size="sm" variant="outline" onClick={() => setAction({ kind: 'pay', row })}>
                    Marcar paga
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setAction({ kind: 'edit', row })}>
                    Editar
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setAction({ kind: 'cancel', row })}>
                    Cancelar
                  </Button>
                </div>
              ) : null
            }
          />
        )}
      </PagedList>

      <Suspense fallback={null}>
      {(action?.kind === 'new' || action?.kind === 'edit') && (
        <InvoiceFormDialog
          clients={clients}
          fixedClient={fixedClient}
          editing={action.kind === 'edit' ? action.row : null}
          onClose={() => setAction(null)}
          onSaved={(number) => {
            setAction(null);
            toast({ title: action.kind === 'edit' ? `Fatura ${number} atualizada` : `Fatura ${number} emitida` });
            changed();
          }}
        />
      )}
      {action?.kind === 'cancel' && (
        <CancelDialog row={action.row} onClose={() => setAction(null)} onDone={() => { setAction(null); changed(); }} />
      )}
      {action?.kind === 'pay' && (
        <PayDialog row={action.row} onClose={() => setAction(null)} onDone={() => { setAction(null); changed(); }} />
      )}
      </Suspense>
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      {note ? <p className="text-xs text-slate-500">{note}</p> : null}
    </div>
  );
}
