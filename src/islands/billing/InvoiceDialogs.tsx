// The billing desk's dialogs: a new or edited invoice, cancelling with a reason, marking paid by hand. Loaded when one
// is opened, not with the page. The database decides totals, numbers and what may change; a refused save keeps what
// was typed and shows the database's reason.
import { useEffect, useMemo, useState } from 'react';

import {
  cancelInvoice,
  getInvoice,
  listClientProjects,
  markInvoicePaid,
  saveInvoice,
  type BillableClient,
} from '../../lib/data/invoices';
import {
  formatCents,
  lineCents,
  parseQuantity,
  parseReais,
  PAYMENT_METHOD_OPTIONS,
  validateInvoiceForm,
  type InvoiceItemInput,
} from '../../lib/domain/invoice-rules';
import type { InvoiceStatus, PaymentMethod } from '../../lib/domain/status-codes';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';

import { clientName, type InvoiceRow } from '../../components/invoices/InvoiceTable';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { Label } from '../../components/ui/Label';

import { ListLoading } from '../../components/ui/ListPanels';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { LIMITS } from '../../lib/domain/field-limits';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

function Errors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul role="alert" className="list-disc rounded-md border border-red-200 bg-red-50 py-2 pl-6 pr-3 text-sm text-red-800">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

const EMPTY_ITEM: InvoiceItemInput = { description: '', quantity: '1', unit: '' };

export function InvoiceFormDialog({
  clients,
  fixedClient,
  editing,
  onClose,
  onSaved,
}: {
  clients: BillableClient[];
  fixedClient?: string;
  editing: InvoiceRow | null;
  onClose: () => void;
  onSaved: (number: string) => void;
}) {
  const [id] = useState(() => editing?.id ?? newId());
  const [clientId, setClientId] = useState(fixedClient ?? '');
  const [projectId, setProjectId] = useState('');
  const [projects, setProjects] = useState<{ id: string; title: string }[]>([]);
  const [due, setDue] = useState('');
  const [items, setItems] = useState<InvoiceItemInput[]>([{ ...EMPTY_ITEM }]);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(!editing);

  useEffect(() => {
    if (!editing) return;
    getInvoice(editing.id)
      .then((inv) => {
        setClientId(inv.user_id);
        setProjectId(inv.project_id ?? '');
        setDue(inv.due_date);
        setItems(
          inv.items.map((it) => ({
            description: it.description,
            quantity: String(Number(it.quantity)).replace('.', ','),
            unit: (Number(it.unit_cents) / 100).toFixed(2).replace('.', ','),
          })),
        );
        setLoaded(true);
      })
      .catch((e) => setErrors([errorMessage(e)]));
  }, [editing]);

  useEffect(() => {
    if (!clientId) return setProjects([]);
    listClientProjects(clientId).then(setProjects).catch(() => setProjects([]));
  }, [clientId]);

  const total = useMemo(
    () => items.reduce((sum, it) => sum + lineCents(parseQuantity(it.quantity) ?? 0, parseReais(it.unit) ?? 0), 0),
    [items],
  );

  const setItem = (i: number, patch: Partial<InvoiceItemInput>) =>
    setItems((current) => current.map((it, j) => (j === i ? { ...it, ...patch } : it)));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems = validateInvoiceForm({ clientId, due, items });
    setErrors(problems);
    if (problems.length) return;
    setSaving(true);
    try {
      const saved = await saveInvoice({
        id,
        clientId,
        projectId: projectId || null,
        due,
        items: items.map((it) => ({ description: it.description.trim(), quantity: parseQuantity(it.quantity)!, unit_cents: parseReais(it.unit)! })),
      });
      onSaved(saved.number);
    } catch (err) {
      setErrors([errorMessage(err)]);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? `Editar fatura ${editing.number}` : 'Nova fatura'}</DialogTitle>
          <DialogDescription>O total é a soma dos itens, calculada pelo banco de dados.</DialogDescription>
        </DialogHeader>
        {!loaded ? (
          <ListLoading label="Carregando fatura..." />
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="flex flex-col gap-1">
                <Label htmlFor="invoice-client">Cliente</Label>
                <Select id="invoice-client" value={clientId} disabled={!!editing || !!fixedClient} onChange={(e) => setClientId(e.target.value)}>
                  <option value="">Escolha…</option>
                  {clients.map((c) => (
                    <option key={c.id} value={c.id}>{c.name}</option>
                  ))}
                  {clientId && !clients.some((c) => c.id === clientId) && <option value={clientId}>{editing ? clientName(editing) : clientId}</option>}
                </Select>
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="invoice-project">Projeto (opcional)</Label>
                <Select id="invoice-project" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
                  <option value="">Nenhum</option>
                  {projects.map((p) => (
                    <option key={p.id} value={p.id}>{p.title}</option>
                  ))}
                </Select>
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="invoice-due">Vencimento</Label>
                <Input id="invoice-due" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
              </div>
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-semibold text-slate-900">Itens</legend>
              {items.map((it, i) => (
                <div key={i} className="grid grid-cols-[1fr_5rem_7rem_auto] items-end gap-2">
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`item-desc-${i}`} className="text-xs">Descrição</Label>
                    <Input id={`item-desc-${i}`} value={it.description} maxLength={LIMITS.invoiceItemDescription} onChange={(e) => setItem(i, { description: e.target.value })} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`item-qty-${i}`} className="text-xs">Qtd.</Label>
                    <Input id={`item-qty-${i}`} inputMode="decimal" value={it.quantity} onChange={(e) => setItem(i, { quantity: e.target.value })} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`item-unit-${i}`} className="text-xs">Valor (R$)</Label>
                    <Input id={`item-unit-${i}`} inputMode="decimal" placeholder="0,00" value={it.unit} onChange={(e) => setItem(i, { unit: e.target.value })} />
                  </div>
                  <Button type="button" variant="ghost" size="sm" disabled={items.length === 1} onClick={() => setItems((c) => c.filter((_, j) => j !== i))}>
                    Remover
                  </Button>
                </div>
              ))}
              <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setItems((c) => [...c, { ...EMPTY_ITEM }])}>
                Adicionar item
              </Button>
            </fieldset>
            <p className="text-sm text-slate-700">
              Total previsto: <strong className="tabular-nums">{formatCents(total)}</strong>
            </p>
            <Errors errors={errors} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={onClose}>Fechar</Button>
              <Button type="submit" disabled={saving}>{saving ? 'Salvando...' : editing ? 'Salvar fatura' : 'Emitir fatura'}</Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The submit of a one-step dialog (cancel, mark paid): a problem found before sending is shown and nothing is sent;
 * otherwise the action runs, and a failure keeps the dialog open with the server's pt-BR text.
 */
function useDialogAction(onDone: () => void) {
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  async function act(problem: string | null, action: () => Promise<void>) {
    if (problem) return setErrors([problem]);
    setSaving(true);
    try {
      await action();
      onDone();
    } catch (err) {
      setErrors([errorMessage(err)]);
    } finally {
      setSaving(false);
    }
  }
  return { errors, saving, act };
}

export function CancelDialog({ row, onClose, onDone }: { row: InvoiceRow; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const { errors, saving, act } = useDialogAction(onDone);
  function submit(e: React.FormEvent) {
    e.preventDefault();
    void act(reason.trim() ? null : 'Informe o motivo do cancelamento.', async () => {
      await cancelInvoice(row.id, reason);
      toast({ title: `Fatura ${row.number} cancelada`, description: 'Ela mantém o número e o motivo.' });
    });
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancelar a fatura {row.number}</DialogTitle>
          <DialogDescription>Uma fatura cancelada mantém o número e não pode mais ser alterada.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <Label htmlFor="cancel-reason">Motivo</Label>
          <Textarea id="cancel-reason" value={reason} maxLength={LIMITS.invoiceCancelReason} rows={3} onChange={(e) => setReason(e.target.value)} />
          <Errors errors={errors} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>Voltar</Button>
            <Button type="submit" variant="destructive" disabled={saving}>{saving ? 'Cancelando...' : 'Cancelar fatura'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function PayDialog({ row, onClose, onDone }: { row: InvoiceRow; onClose: () => void; onDone: () => void }) {
  const [paidOn, setPaidOn] = useState(today());
  const [method, setMethod] = useState<PaymentMethod>('pix');
  const { errors, saving, act } = useDialogAction(onDone);
  function submit(e: React.FormEvent) {
    e.preventDefault();
    void act(/^\d{4}-\d{2}-\d{2}$/.test(paidOn) ? null : 'Informe a data do pagamento.', async () => {
      await markInvoicePaid(row.id, paidOn, method);
      toast({ title: `Fatura ${row.number} paga`, description: 'Uma fatura paga não pode mais ser alterada.' });
    });
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Marcar a fatura {row.number} como paga</DialogTitle>
          <DialogDescription>{formatCents(row.total_cents)} · depois de paga, a fatura não muda mais.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          <div className="flex flex-col gap-1">
            <Label htmlFor="paid-on">Data do pagamento</Label>
            <Input id="paid-on" type="date" value={paidOn} max={today()} onChange={(e) => setPaidOn(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="paid-method">Forma de pagamento</Label>
            <Select id="paid-method" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
              {PAYMENT_METHOD_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>{o.label}</option>
              ))}
            </Select>
          </div>
          <Errors errors={errors} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>Voltar</Button>
            <Button type="submit" disabled={saving}>{saving ? 'Salvando...' : 'Marcar como paga'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
