// /invoices/{id}: one invoice with its items and, while it is open or overdue, 'Pagar com Pix' (QR code and 'Pix Copia
// e Cola'). 'Imprimir' prints a clean page (the browser can save it as PDF): the print stylesheet hides the portal's
// frame and the payment controls. Live: a payment confirmed by the bank, an edit or a cancellation shows without a
// reload (the page reads the invoice again when Realtime reports its change).
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import Printer from 'lucide-react/icons/printer';
import { getInvoice, getPixReceiver, type InvoiceDetail, type PixReceiver } from '../lib/data/invoices';
import { NotFoundError } from '../lib/data/data-errors';
import { errorMessage } from '../lib/util/error-message';
import { formatDate, formatDateTime } from '../lib/domain/format';
import { formatCents, isPayable, lineCents, paymentMethodLabel, periodLabel } from '../lib/domain/invoice-rules';
import { InvoiceStatusBadge } from '../components/invoices/InvoiceStatusBadge';
import { clientName } from '../components/invoices/InvoiceTable';
import { Button } from '../components/ui/Button';
import { useLiveTable } from './hooks/useLiveTable';
import { BackLink, ScreenLoading, ScreenUnavailable } from '../components/ui/ScreenStates';

// The BR Code library and the QR renderer load only when an invoice can be paid.
const PixPayment = lazy(() => import('../components/invoices/PixPayment'));

type View =
  | { kind: 'loading' }
  | { kind: 'ready'; invoice: InvoiceDetail; pix: PixReceiver | null }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

function idFromPath(): string {
  const parts = window.location.pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] ?? '');
}

export default function InvoiceDetailScreen({ audience = 'client' }: { audience?: 'client' | 'admin' }) {
  const back = audience === 'admin' ? { href: '/admin/billing', label: 'Voltar para o faturamento' } : { href: '/invoices', label: 'Voltar para as faturas' };
  const [view, setView] = useState<View>({ kind: 'loading' });

  /** Reads the invoice; a live re-read (`again`) that fails for a reason other than the invoice being gone keeps it shown. */
  const load = useCallback(async (again = false) => {
    try {
      const [invoice, pix] = await Promise.all([getInvoice(idFromPath()), getPixReceiver().catch(() => null)]);
      setView({ kind: 'ready', invoice, pix });
    } catch (e) {
      if (again && !(e instanceof NotFoundError)) return;
      setView(e instanceof NotFoundError ? { kind: 'missing' } : { kind: 'error', message: errorMessage(e) });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  const id = view.kind === 'ready' ? view.invoice.id : null;
  useLiveTable('invoice', id ? [{ table: 'invoices', filter: `id=eq.${id}` }] : null, { refresh: () => void load(true) });

  if (view.kind === 'loading') return <ScreenLoading label="Carregando fatura..." />;
  if (view.kind === 'missing') return <ScreenUnavailable title="Fatura não encontrada" message="Esta fatura não existe ou não é sua." back={back} />;
  if (view.kind === 'error') return <ScreenUnavailable title="Não foi possível abrir a fatura" message={view.message} back={back} />;
  const { invoice, pix } = view;

  return (
    <div className="invoice-page mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="print:hidden">
        <BackLink {...back} />
      </div>
      <header className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Fatura {invoice.number}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {invoice.period ? `Mensalidade de ${periodLabel(invoice.period)}` : 'Fatura avulsa'}
            {invoice.project ? ` · ${invoice.project.title}` : ''}
          </p>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
        <Button type="button" variant="outline" onClick={() => window.print()} className="print:hidden" data-testid="invoice-print">
          <Printer className="mr-2 h-4 w-4" aria-hidden="true" />
          Imprimir
        </Button>
      </header>

      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
        <Fact label="Cliente" value={clientName(invoice)} />
        <Fact label="Emissão" value={formatDate(invoice.issue_date)} />
        <Fact label="Vencimento" value={formatDate(invoice.due_date)} />
        <Fact label="Total" value={formatCents(invoice.total_cents)} strong />
        {invoice.status === 'paid' && (
          <Fact label="Pagamento" value={`${paymentMethodLabel(invoice.payment_method)} em ${formatDateTime(invoice.paid_at)}`} />
        )}
        {invoice.status === 'cancelled' && <Fact label="Motivo do cancelamento" value={invoice.cancel_reason ?? ''} />}
      </dl>

      <section aria-labelledby="itens" className="rounded-lg border border-slate-200 bg-white">
        <h2 id="itens" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Itens</h2>
        <table className="w-full text-sm">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">Descrição</th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">Qtd.</th>
              <th scope="col" className="hidden px-4 py-2 text-right font-semibold sm:table-cell">Valor unitário</th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">Valor</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {invoice.items.map((item) => (
              <tr key={item.id} data-testid="invoice-item">
                <td className="break-words px-4 py-2 text-slate-800 [overflow-wrap:anywhere]">{item.description}</td>
                <td className="px-4 py-2 text-right tabular-nums">{Number(item.quantity).toLocaleString('pt-BR')}</td>
                <td className="hidden px-4 py-2 text-right tabular-nums sm:table-cell">{formatCents(item.unit_cents)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatCents(lineCents(Number(item.quantity), Number(item.unit_cents)))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-200">
              <th scope="row" colSpan={2} className="px-4 py-3 text-left font-semibold sm:hidden">Total</th>
              <th scope="row" colSpan={3} className="hidden px-4 py-3 text-left font-semibold sm:table-cell">Total</th>
              <td className="px-4 py-3 text-right font-bold tabular-nums" data-testid="invoice-total">{formatCents(invoice.total_cents)}</td>
            </tr>
          </tfoot>
        </table>
      </section>

      {isPayable(invoice.status) && (
        <section aria-labelledby="pagar" className="rounded-lg border border-slate-200 bg-white p-4 print:border-0 print:p-0">
          <h2 id="pagar" className="mb-4 font-semibold text-slate-900">Pagar com Pix</h2>
          <Suspense fallback={<ScreenLoading label="Preparando o Pix..." />}>
            <PixPayment
              pixKey={pix?.pix_key ?? null}
              receiverName={pix?.pix_receiver_name ?? null}
              city={pix?.pix_city ?? null}
              amountCents={Number(invoice.total_cents)}
              txid={invoice.pix_txid}
            />
          </Suspense>
        </section>
      )}
    </div>
  );
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={`mt-1 break-words ${strong ? 'text-lg font-bold text-slate-900' : 'text-slate-800'}`}>{value}</dd>
    </div>
  );
}
