// Rules of invoices ('Faturas') as the screens show them: status and payment-method labels and colours, money in
// centavos shown in BRL, the month a plan invoice covers, and the checks of the staff's invoice form (the database
// applies the same ones and has the last word).
import { LIMITS, charLength } from './field-limits';
import { formatCurrency } from './format';
import type { InvoiceStatus, PaymentMethod } from './status-codes';
import { INVOICE_STATUS_CODES, PAYMENT_METHOD_CODES } from './status-codes';

export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  open: 'Aberta',
  overdue: 'Vencida',
  paid: 'Paga',
  cancelled: 'Cancelada',
};

/** Badge colours per status (border, background, text). */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  open: 'border-blue-200 bg-blue-50 text-blue-800',
  overdue: 'border-red-200 bg-red-50 text-red-800',
  paid: 'border-green-200 bg-green-50 text-green-800',
  cancelled: 'border-slate-200 bg-slate-100 text-slate-600',
};

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  pix: 'Pix',
  transferencia: 'Transferência',
  boleto: 'Boleto',
  outro: 'Outro',
};

export const INVOICE_STATUS_OPTIONS = INVOICE_STATUS_CODES.map((value) => ({ value, label: INVOICE_STATUS_LABEL[value] }));
export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHOD_CODES.map((value) => ({ value, label: PAYMENT_METHOD_LABEL[value] }));

export function invoiceStatusLabel(status: string): string {
  return Object.hasOwn(INVOICE_STATUS_LABEL, status) ? INVOICE_STATUS_LABEL[status as InvoiceStatus] : status;
}

export function paymentMethodLabel(method: string | null): string {
  if (!method) return '—';
  return Object.hasOwn(PAYMENT_METHOD_LABEL, method) ? PAYMENT_METHOD_LABEL[method as PaymentMethod] : method;
}

/** Whether the invoice can still be paid, edited or cancelled (open or overdue). */
export function isPayable(status: string): boolean {
  return status === 'open' || status === 'overdue';
}

/** Centavos in BRL: 49900 → 'R$ 499,00'. */
export function formatCents(cents: number | string | null | undefined): string {
  return formatCurrency(Number(cents ?? 0) / 100);
}

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];

/** '2026-11-01' → 'novembro de 2026'; null → ''. */
export function periodLabel(period: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})/.exec(period ?? '');
  return m ? `${MONTHS[Number(m[2]) - 1]} de ${m[1]}` : '';
}

/** The first and last day of a 'YYYY-MM' month, as dates. */
export function monthRange(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Line total in centavos, as the database computes it: round(quantity × unit). */
export function lineCents(quantity: number, unitCents: number): number {
  return Math.round(quantity * unitCents);
}

export interface InvoiceItemInput { description: string; quantity: string; unit: string }

/** '1.234,56', '1234.56' or '1234' (reais) in centavos; null when it is not an amount. */
export function parseReais(value: string): number | null {
  const v = value.trim().replace(/^R\$\s*/, '');
  if (!v) return null;
  const normalized = v.includes(',') ? v.replace(/\./g, '').replace(',', '.') : v;
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(normalized)) return null;
  const [int, frac = ''] = normalized.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}

export function parseQuantity(value: string): number | null {
  const v = value.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return null;
  const n = Number(v);
  return n > 0 ? n : null;
}

/** pt-BR errors of the staff's invoice form; empty when it may be sent. */
export function validateInvoiceForm(input: { clientId: string; due: string; items: InvoiceItemInput[] }): string[] {
  const errors: string[] = [];
  if (!input.clientId) errors.push('Escolha o cliente da fatura.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.due)) errors.push('Informe o vencimento da fatura.');
  if (input.items.length === 0) errors.push('Inclua ao menos um item na fatura.');
  input.items.forEach((item, i) => {
    const n = i + 1;
    if (!item.description.trim()) errors.push(`Descreva o item ${n}.`);
    else if (charLength(item.description.trim()) > LIMITS.invoiceItemDescription) {
      errors.push(`A descrição do item ${n} pode ter no máximo ${LIMITS.invoiceItemDescription} caracteres.`);
    }
    if (parseQuantity(item.quantity) === null) errors.push(`A quantidade do item ${n} deve ser um número maior que zero.`);
    if (parseReais(item.unit) === null) errors.push(`O valor unitário do item ${n} deve ser um valor em reais (ex.: 499,00).`);
  });
  return errors;
}

/** One CSV field (RFC 4180): quoted when it holds a separator, quote or line break; formula starts neutralised. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface InvoiceCsvRow {
  number: string;
  client: string;
  issue_date: string;
  due_date: string;
  status: string;
  total_cents: number;
  paid_at: string | null;
  payment_method: string | null;
  period: string | null;
}

/** The month's invoices for the accountant: ';'-separated (as pt-BR spreadsheets read it), decimal comma. */
export function invoicesCsv(rows: InvoiceCsvRow[]): string {
  const header = ['Número', 'Cliente', 'Emissão', 'Vencimento', 'Competência', 'Status', 'Total (R$)', 'Pago em', 'Forma de pagamento'];
  const lines = rows.map((r) =>
    [
      r.number,
      r.client,
      r.issue_date,
      r.due_date,
      r.period ? r.period.slice(0, 7) : '',
      invoiceStatusLabel(r.status),
      (Number(r.total_cents) / 100).toFixed(2).replace('.', ','),
      r.paid_at ? r.paid_at.slice(0, 10) : '',
      r.payment_method ? paymentMethodLabel(r.payment_method) : '',
    ].map((v) => csvField(String(v))).join(';'),
  );
  return `\ufeff${[header.join(';'), ...lines].join('\r\n')}\r\n`;
}
