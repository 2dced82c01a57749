// Data module for invoices ('Faturas'): `invoices` with their `invoice_items`, the totals of public.invoice_totals(), the
// agency's Pix data (app_settings), and the staff's operations (issue/edit through save_invoice, cancel, mark paid,
// the month's job). Row-level security decides what each caller reads: a client their own invoices, an admin all;
// every write is refused by the database for anyone but staff.
import type { Tables, TablesUpdate } from '../database.types';
import { supabase } from './supabase';
import { DataError, NotFoundError, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';
import { monthRange } from '../domain/invoice-rules';
import type { InvoiceStatus, PaymentMethod } from '../domain/status-codes';
import { personLabel } from '../domain/profile-rules';

export type Invoice = Omit<Tables<'invoices'>, 'status' | 'payment_method'> & {
  status: InvoiceStatus;
  payment_method: PaymentMethod | null;
};
export type InvoiceItem = Tables<'invoice_items'>;
export type InvoiceListItem = Invoice & {
  client: { full_name: string | null; email: string | null } | null;
  project: { title: string } | null;
};
export type InvoiceDetail = InvoiceListItem & { items: InvoiceItem[] };

export interface InvoiceTotals {
  open_cents: number;
  open_count: number;
  overdue_cents: number;
  overdue_count: number;
  received_month_cents: number;
  next_due_date: string | null;
}

export interface PixReceiver {
  pix_key: string | null;
  pix_receiver_name: string | null;
  pix_city: string | null;
  billing_day: number;
}

export const INVOICE_PAGE_SIZE = 50;

const LIST_COLUMNS =
  '*, client:profiles!invoices_user_id_fkey(full_name,email), project:projects!invoices_project_id_fkey(title)';

export interface InvoiceFilters {
  status?: InvoiceStatus | '';
  /** 'YYYY-MM': invoices issued in that month. */
  month?: string;
  /** The client's account (profiles.id). */
  clientId?: string;
  offset?: number;
  limit?: number;
}

/** One page of the invoices the caller may read, newest issue first (one row more tells whether there is more). */
export async function listInvoices(filters: InvoiceFilters = {}): Promise<{ rows: InvoiceListItem[]; hasMore: boolean }> {
  const { offset = 0, limit = INVOICE_PAGE_SIZE } = filters;
  const { data, error, status } = await run(() => {
    let q = supabase.from('invoices').select(LIST_COLUMNS);
    if (filters.status) q = q.eq('status', filters.status);
    const range = filters.month ? monthRange(filters.month) : null;
    if (range) q = q.gte('issue_date', range.from).lte('issue_date', range.to);
    if (filters.clientId) q = q.eq('user_id', filters.clientId);
    return q
      .order('issue_date', { ascending: false })
      .order('number', { ascending: false })
      .range(offset, offset + limit)
      .overrideTypes<InvoiceListItem[], { merge: false }>();
  });
  if (error) throw toDataError(error, status, 'Não foi possível carregar as faturas.');
  const rows = data ?? [];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Every invoice issued in a month (for the CSV export), in number order. */
export async function listMonthInvoices(month: string): Promise<InvoiceListItem[]> {
  const range = monthRange(month);
  if (!range) throw new DataError('Escolha um mês válido.', '22023', 400);
  const all: InvoiceListItem[] = [];
  for (let offset = 0; ; offset += 1000) {
    const { data, error, status } = await run(() =>
      supabase
        .from('invoices')
        .select(LIST_COLUMNS)
        .gte('issue_date', range.from)
        .lte('issue_date', range.to)
        .order('number')
        .range(offset, offset + 999)
        .overrideTypes<InvoiceListItem[], { merge: false }>(),
    );
    if (error) throw toDataError(error, status, 'Não foi possível exportar as faturas.');
    all.push(...(data ?? []));
    if ((data ?? []).length < 1000) return all;
  }
}

/** One invoice with its items. Unknown, someone else's or malformed id: NotFoundError. */
export async function getInvoice(id: string): Promise<InvoiceDetail> {
  if (!isUuid(id)) throw new NotFoundError('Fatura não encontrada.');
  const { data, error, status } = await run(() =>
    supabase
      .from('invoices')
      .select(`${LIST_COLUMNS}, items:invoice_items(*)`)
      .eq('id', id)
      .order('position', { referencedTable: 'invoice_items' })
      .maybeSingle()
      .overrideTypes<InvoiceDetail, { merge: false }>(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar a fatura.');
  if (!data) throw new NotFoundError('Fatura não encontrada.');
  return data;
}

/** Open and overdue amounts, received this month and the next due date of the invoices the caller may read. */
export async function getInvoiceTotals(): Promise<InvoiceTotals> {
  const { data, error, status } = await run(() => supabase.rpc('invoice_totals').single());
  if (error) throw toDataError(error, status, 'Não foi possível carregar os totais das faturas.');
  const row = data as Record<string, unknown>;
  return {
    open_cents: Number(row.open_cents ?? 0),
    open_count: Number(row.open_count ?? 0),
    overdue_cents: Number(row.overdue_cents ?? 0),
    overdue_count: Number(row.overdue_count ?? 0),
    received_month_cents: Number(row.received_month_cents ?? 0),
    next_due_date: (row.next_due_date as string | null) ?? null,
  };
}

/** The agency's Pix data from the settings (every signed-in user reads it). */
export async function getPixReceiver(): Promise<PixReceiver> {
  const { data, error, status } = await run(() =>
    supabase.from('app_settings').select('pix_key,pix_receiver_name,pix_city,billing_day').single(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar os dados de pagamento.');
  return data as PixReceiver;
}

export const PIX_SETTINGS_FORBIDDEN = 'Somente administradores podem alterar os dados de faturamento.';

/** Saves the Pix data; returns the row as stored (the key normalised by the database). */
export async function updatePixReceiver(input: PixReceiver): Promise<PixReceiver> {
  const { data, error, status } = await run(() =>
    supabase
      .from('app_settings')
      .update({
        pix_key: input.pix_key || null,
        pix_receiver_name: input.pix_receiver_name || null,
        pix_city: input.pix_city || null,
        billing_day: input.billing_day,
      })
      .eq('id', true)
      .select('pix_key,pix_receiver_name,pix_city,billing_day'),
  );
  if (error) throw toDataError(error, status, 'Não foi possível salvar os dados de faturamento.');
  const row = data?.[0];
  if (!row) throw new DataError(PIX_SETTINGS_FORBIDDEN, '42501', 403);
  return row as PixReceiver;
}

export interface SaveInvoiceInput {
  id: string;
  clientId: string;
  projectId: string | null;
  due: string;
  items: { description: string; quantity: number; unit_cents: number }[];
}

/** Staff: issues (a new id) or edits (an open invoice) a manual invoice with its items, in one transaction. */
export async function saveInvoice(input: SaveInvoiceInput): Promise<Invoice> {
  const { data, error, status } = await run(() =>
    supabase
      .rpc('save_invoice', {
        invoice_id: input.id,
        client_id: input.clientId,
        project: input.projectId as string,
        due: input.due,
        items: input.items,
      })
      .single(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível salvar a fatura.');
  return data as Invoice;
}

async function updateOne(id: string, patch: TablesUpdate<'invoices'>, fallback: string): Promise<Invoice> {
  const { data, error, status } = await run(() => supabase.from('invoices').update(patch).eq('id', id).select('*'));
  if (error) throw toDataError(error, status, fallback);
  const row = data?.[0];
  if (!row) throw new DataError('Somente a equipe da agência altera faturas.', '42501', 403);
  return row as Invoice;
}

/** Staff: cancels an open invoice with a reason (it keeps its number). */
export function cancelInvoice(id: string, reason: string): Promise<Invoice> {
  return updateOne(id, { status: 'cancelled', cancel_reason: reason }, 'Não foi possível cancelar a fatura.');
}

/** Staff: marks an invoice paid by hand, on a date (YYYY-MM-DD, noon in São Paulo) and by a method. */
export function markInvoicePaid(id: string, paidOn: string, method: PaymentMethod): Promise<Invoice> {
  return updateOne(
    id,
    { status: 'paid', payment_method: method, paid_at: `${paidOn}T12:00:00-03:00` },
    'Não foi possível registrar o pagamento.',
  );
}

/** Staff: the month's plan invoices (the same function the schedule runs); returns how many were issued. */
export async function generateMonthlyInvoices(): Promise<number> {
  const { data, error, status } = await run(() => supabase.rpc('generate_monthly_invoices', {}));
  if (error) throw toDataError(error, status, 'Não foi possível gerar as faturas do mês.');
  return Number(data ?? 0);
}

export interface BillableClient { id: string; name: string }

/** Staff: the accounts an invoice can be issued to (every profile but the staff's), by name. */
export async function listBillableClients(): Promise<BillableClient[]> {
  const { data, error, status } = await run(() => supabase.rpc('admin_users', { page_offset: 0, page_limit: 1000 }));
  if (error) throw toDataError(error, status, 'Não foi possível carregar os clientes.');
  return (data ?? [])
    .filter((u) => u.role !== 'admin')
    .map((u) => ({ id: u.id, name: personLabel(u) || u.id }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** Staff: a client's projects, to tie a manual invoice to one. */
export async function listClientProjects(clientId: string): Promise<{ id: string; title: string }[]> {
  if (!isUuid(clientId)) return [];
  const { data, error, status } = await run(() =>
    supabase.from('projects').select('id, title').eq('user_id', clientId).order('created_at', { ascending: false }).limit(200),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar os projetos do cliente.');
  return data ?? [];
}
