// The billing desk's one-step dialogs: cancelling an invoice with a reason, marking it paid by hand. Loaded when one is
// opened, not with the page; a refused change keeps the dialog open with the database's pt-BR reason.
import { useState } from 'react';

import { cancelInvoice, markInvoicePaid } from '../../lib/data/invoices';
import { LIMITS } from '../../lib/domain/field-limits';
import { formatCents, PAYMENT_METHOD_OPTIONS } from '../../lib/domain/invoice-rules';
import type { PaymentMethod } from '../../lib/domain/status-codes';
import { toast } from '../../lib/stores/toast';

import type { InvoiceRow } from '../../components/invoices/InvoiceTable';
import { Button } from '../../components/ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Input';
import { Label } from '../../components/ui/Label';
import { Select } from '../../components/ui/Select';
import { Textarea } from '../../components/ui/Textarea';
import { Errors, today, useDialogAction } from './dialog-parts';

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
