// CRM clients, one module for the user's CRM ("Meus Clientes") and the admin console. Row-level security decides
// what a caller reads and writes (the owner's rows, or every row for an admin); the functions shape the calls and the
// errors. Labels, colours and the e-mail/phone rules live in src/lib/domain/client-rules.ts.
import { supabase } from './supabase';
import { DataError, NotFoundError, currentUserId, isUuid, run, toDataError } from './data-errors';
import type { Tables } from '../database.types';
import type { ClientSource, ClientStatus } from '../domain/status-codes';
import { CLIENT_STATUSES, isClientStatus } from '../domain/client-rules';

export type Client = Tables<'clients'>;

/** Columns of the admin list, plus the account manager's name joined from profiles. */
const LIST_COLUMNS =
  'id, full_name, email, phone, company_name, status, source, created_at, account_manager_id, manager:profiles!clients_account_manager_id_fkey(full_name)';
const DETAIL_COLUMNS = '*, manager:profiles!clients_account_manager_id_fkey(full_name)';

type ClientRow = Client;
type Manager = { full_name: string | null } | null;

export type AdminClientListItem = Pick<
  ClientRow,
  'id' | 'full_name' | 'email' | 'phone' | 'company_name' | 'status' | 'source' | 'created_at' | 'account_manager_id'
> & { manager: Manager };

export type AdminClientDetail = ClientRow & { manager: Manager };

/** What the add-client form sends; optional fields are empty strings or null when not filled. */
export interface NewClientValues {
  full_name: string;
  email: string;
  phone?: string | null;
  company_name?: string | null;
  status?: ClientStatus;
  source?: ClientSource | null;
  admin_notes?: string | null;
}

export const PAGE_SIZE = 50;

export interface ListOwnClientsParams {
  search?: string;
  status?: ClientStatus | '' | 'all';
  offset?: number;
  limit?: number;
}

export interface ClientPage {
  rows: Client[];
  /** The server has rows after this page ('Carregar mais'). */
  hasMore: boolean;
  /** Clients matching the status filter, from the per-status counts; null while a search is active (not counted). */
  total: number | null;
}

/**
 * One page of the user's own clients, newest first. One row more than the page is asked for, to know whether there
 * is a next page without counting the table. A search runs in the database function `search_clients` (trigram
 * indexes on name, e-mail and company); without one the total comes from `client_status_counts` (constant cost).
 */
export async function listOwnClients({
  search,
  status,
  offset = 0,
  limit = PAGE_SIZE,
}: ListOwnClientsParams = {}): Promise<ClientPage> {
  const term = search?.trim();
  const statusFilter = status && status !== 'all' ? status : undefined;
  const userId = await currentUserId();
  const [{ data, error, status: httpStatus }, total] = await Promise.all([
    run(() => {
      if (term) {
        return supabase.rpc('search_clients', {
          search_term: term,
          status_filter: statusFilter,
          page_offset: offset,
          page_limit: limit + 1,
        });
      }
      let query = supabase.from('clients').select('*').eq('owner_user_id', userId);
      if (statusFilter) query = query.eq('status', statusFilter);
      return query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(offset, offset + limit);
    }),
    term ? Promise.resolve(null) : countMatching(statusFilter),
  ]);
  if (error) throw toDataError(error, httpStatus, 'Não foi possível buscar seus clientes.');
  const rows = (data ?? []) as Client[];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total };
}

/** The number of the user's own clients with `status` (all when none), or null when the counts cannot be read. */
async function countMatching(status: ClientStatus | undefined): Promise<number | null> {
  try {
    const counts = await clientStatusCounts();
    return status ? counts[status] : CLIENT_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  } catch {
    return null;
  }
}

export type ClientStatusCounts = Record<ClientStatus, number>;

/** Counts of the user's own clients per status, computed by the server (rpc client_status_counts). */
export async function clientStatusCounts(): Promise<ClientStatusCounts> {
  const { data, error, status } = await run(() => supabase.rpc('client_status_counts'));
  if (error) throw toDataError(error, status, 'Não foi possível contar seus clientes.');
  const counts = Object.fromEntries(CLIENT_STATUSES.map((s) => [s, 0])) as ClientStatusCounts;
  for (const row of (data ?? []) as { status: string; count: number | string }[]) {
    if (isClientStatus(row.status)) counts[row.status] = Number(row.count) || 0;
  }
  return counts;
}

/** Case-insensitive search over name, e-mail, company and phone of rows already loaded. */
export function filterClients<T extends Pick<ClientRow, 'full_name' | 'email' | 'company_name' | 'phone'>>(
  rows: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [row.full_name, row.email, row.company_name, row.phone].some((v) => (v ?? '').toLocaleLowerCase('pt-BR').includes(needle)),
  );
}

/**
 * Every client the caller may read (all of them for an admin: row-level security decides), newest first, with the
 * account manager's name; `search` keeps the rows whose name, e-mail, company or phone contains it.
 */
export async function listAllClients(options: { search?: string } = {}): Promise<AdminClientListItem[]> {
  const { data, error, status } = await run(() =>
    supabase
      .from('clients')
      .select(LIST_COLUMNS)
      .order('created_at', { ascending: false })
      .overrideTypes<AdminClientListItem[], { merge: false }>(),
  );
  if (error) throw toDataError(error, status);
  const rows = data ?? [];
  return options.search ? filterClients(rows, options.search) : rows;
}

/** One client with the manager's name. Unknown, invisible or malformed ids throw a not-found error (PGRST116). */
export async function getClient(id: string): Promise<AdminClientDetail> {
  if (!isUuid(id)) throw new NotFoundError('Cliente não encontrado.');
  const { data, error, status } = await run(() =>
    supabase
      .from('clients')
      .select(DETAIL_COLUMNS)
      .eq('id', id)
      .single()
      .overrideTypes<AdminClientDetail, { merge: false }>(),
  );
  if (error) throw toDataError(error, status);
  if (!data) throw new NotFoundError('Cliente não encontrado.');
  return data;
}

function emptyToNull(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
}

/**
 * Creates a client owned by the agency (owner_user_id null). `id` is generated by the caller once per form,
 * so a retry after a lost answer finds the row already there and updates it instead of making a duplicate.
 */
export async function createClient(id: string, values: NewClientValues): Promise<AdminClientDetail> {
  if (!isUuid(id)) throw new DataError('Identificador inválido.', '22P02');
  const row = {
    id,
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: emptyToNull(values.phone),
    company_name: emptyToNull(values.company_name),
    status: values.status ?? 'lead',
    source: values.source ?? null,
    admin_notes: emptyToNull(values.admin_notes),
    owner_user_id: null,
  };
  const { data, error, status } = await run(() =>
    supabase
      .from('clients')
      .insert(row)
      .select(DETAIL_COLUMNS)
      .single()
      .overrideTypes<AdminClientDetail, { merge: false }>(),
  );
  if (!error && data) return data;
  if (!error) return getClient(id);
  // 23505 on the primary key: an earlier attempt of this form did reach the server (its answer was lost).
  // The row is ours (the id was made in this browser), so the retry saves the values typed now onto it.
  if (error.code === '23505' && /clients_pkey/.test(`${error.message} ${error.details ?? ''}`)) {
    const { id: _id, owner_user_id: _owner, ...changes } = row;
    const retried = await run(() =>
      supabase
        .from('clients')
        .update(changes)
        .eq('id', id)
        .select(DETAIL_COLUMNS)
        .single()
        .overrideTypes<AdminClientDetail, { merge: false }>(),
    );
    if (retried.error) throw toDataError(retried.error, retried.status);
    if (!retried.data) throw new NotFoundError('Cliente não encontrado.');
    return retried.data;
  }
  throw toDataError(error, status);
}

/** Deletes a client the caller may delete (their own, or any for an admin); nothing deleted is a NotFoundError. */
export async function deleteClient(id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError('Cliente não encontrado.');
  const { data, error, status } = await run(() => supabase.from('clients').delete().eq('id', id).select('id'));
  if (error) throw toDataError(error, status, 'Não foi possível excluir o cliente.');
  if (!data || data.length === 0) throw new NotFoundError('Cliente não encontrado.');
}

/** A pt-BR message for a failed insert, for the description of the error toast. */
export function describeCreateError(error: unknown): string {
  if (error instanceof DataError) {
    if (error.code === '23514' && /email/i.test(`${error.message} ${error.details ?? ''}`)) {
      return 'O e-mail informado não é válido: use um endereço simples como nome@empresa.com.br.';
    }
    if (error.code === '23514' || error.code === '22001' || error.code === '23502') {
      return `Verifique os campos preenchidos. (${error.message})`;
    }
    if (error.message) return error.message;
  }
  return 'Não foi possível salvar o novo cliente.';
}
