// The billing desk's invoice form: a new or edited invoice with its items. Loaded when opened, not with the page. The
// database decides totals, numbers and what may change; a refused save keeps what was typed and shows its reason.
import { useEffect, useMemo, useState } from 'react';

import {
  getInvoice,
  listClientProjects,
  saveInvoice,
  type BillableClient,
} from '../../lib/data/invoices';
import {
  formatCents,
  lineCents,
  parseQuantity,
  parseReais,
  validateInvoiceForm,
  type InvoiceItemInput,
} from '../../lib/domain/invoice-rules';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';

import { clientName, type InvoiceRow } from '../../components/invoices/InvoiceTable';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { Label } from '../../components/ui/Label';

import { ListLoading } from '../../components/ui/ListPanels';
import { Select } from '../../components/ui/Select';
import { LIMITS } from '../../lib/domain/field-limits';
import { Errors, today } from './dialog-parts';

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
