// CRM clients, one module for the user's CRM ("Meus Clientes") and the admin console. Row-level security decides
// what a caller reads and writes (the owner's rows, or every row for an admin); the functions shape the calls and the
// errors. Labels, colours and the e-mail/phone rules live in src/lib/domain/client-rules.ts.
import { supabase } from './supabase';
import { ConflictError, DataError, NotFoundError, currentUser, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';
import type { Tables } from '../database.types';
import type { ClientSource, ClientStatus } from '../domain/status-codes';
import { CLIENT_STATUSES, clientConstraintMessage, isClientStatus } from '../domain/client-rules';

export type Client = Tables<'clients'>;

const DETAIL_COLUMNS = '*, manager:profiles!clients_account_manager_id_fkey(full_name)';

type ClientRow = Client;
type Manager = { full_name: string | null } | null;

/**
 * A row of the clients list. The admin's rows (the agency's clients) also say whether the client has a portal account
 * and name the account manager (name, else e-mail); a user's own CRM rows carry neither.
 */
export type ClientListItem = Pick<
  ClientRow,
  'id' | 'full_name' | 'email' | 'phone' | 'company_name' | 'status' | 'source' | 'created_at' | 'account_manager_id'
> & { has_account?: boolean; account_manager_name?: string | null };

export type AdminClientDetail = ClientRow & { manager: Manager };

/**
 * What the client form sends; optional fields are empty strings or null when not filled. `admin_notes` and
 * `account_manager_id` belong to the admin's form: they are sent only when present (undefined leaves them alone).
 */
export interface NewClientValues {
  full_name: string;
  email: string;
  phone?: string | null;
  company_name?: string | null;
  status?: ClientStatus;
  source?: ClientSource | null;
  admin_notes?: string | null;
  account_manager_id?: string | null;
}

export const PAGE_SIZE = 50;

export interface ListClientsParams {
  search?: string;
  status?: ClientStatus | '' | 'all';
  /** Only the admin's list filters on the source. */
  source?: ClientSource | '';
  offset?: number;
  limit?: number;
}

export interface ClientPage {
  rows: ClientListItem[];
  /** The server has rows after this page ('Carregar mais'). */
  hasMore: boolean;
  /** Clients matching the filters, from the per-status counts; null while a search is active (not counted). */
  total: number | null;
}

/**
 * One page of clients, newest first; the caller's role decides which. An admin gets the agency's clients (no owner)
 * from `admin_search_clients`, searched, filtered and paged by the database; anyone else their own CRM rows, searched
 * by `search_clients` (trigram indexes on name, e-mail and company). One row more than the page is asked for, to know
 * whether there is a next page without counting the table; without a search the total comes from the per-status
 * counts (constant cost).
 */
export async function listClients({
  search,
  status,
  source,
  offset = 0,
  limit = PAGE_SIZE,
}: ListClientsParams = {}): Promise<ClientPage> {
  const term = search?.trim();
  const statusFilter = status && status !== 'all' ? status : undefined;
  const sourceFilter = source || undefined;
  const user = await currentUser();
  const page = { term, status: statusFilter, offset, limit: limit + 1 };
  const [{ data, error, status: httpStatus }, total] = await Promise.all([
    user.isAdmin ? run(() => adminPage({ ...page, source: sourceFilter })) : run(() => ownPage({ ...page, ownerId: user.id })),
    term ? Promise.resolve(null) : countMatching(statusFilter, user.isAdmin ? sourceFilter : undefined),
  ]);
  if (error) throw toDataError(error, httpStatus, user.isAdmin ? 'Não foi possível buscar os clientes.' : 'Não foi possível buscar seus clientes.');
  const rows = (data ?? []) as ClientListItem[];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total };
}

interface PageQuery {
  term?: string;
  status?: string;
  offset: number;
  limit: number;
}

function adminPage({ term, status, source, offset, limit }: PageQuery & { source?: string }) {
  return supabase.rpc('admin_search_clients', {
    search_term: term || undefined,
    status_filter: status,
    source_filter: source,
    page_offset: offset,
    page_limit: limit,
  });
}

function ownPage({ term, status, offset, limit, ownerId }: PageQuery & { ownerId: string }) {
  if (term) {
    return supabase.rpc('search_clients', { search_term: term, status_filter: status, page_offset: offset, page_limit: limit });
  }
  let query = supabase.from('clients').select('*').eq('owner_user_id', ownerId);
  if (status) query = query.eq('status', status);
  return query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(offset, offset + limit - 1);
}

/** Clients with `status` and `source` (all when neither), or null when the counts cannot tell (both, or a failure). */
async function countMatching(status: ClientStatus | undefined, source: ClientSource | undefined): Promise<number | null> {
  if (status && source) return null;
  try {
    if (source) return (await adminSourceCounts())[source] ?? 0;
    const counts = await clientStatusCounts();
    return status ? counts[status] : CLIENT_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  } catch {
    return null;
  }
}

export type ClientStatusCounts = Record<ClientStatus, number>;

type CountRow = { dimension?: string; key?: string; status?: string; count: number | string };

/**
 * Counts per status, computed by the server: the agency's clients for an admin (rpc admin_analytics_clients), else
 * the user's own CRM rows (rpc client_status_counts).
 */
export async function clientStatusCounts(): Promise<ClientStatusCounts> {
  const { isAdmin } = await currentUser();
  const { data, error, status } = await (isAdmin
    ? run(() => supabase.rpc('admin_analytics_clients'))
    : run(() => supabase.rpc('client_status_counts')));
  if (error) throw toDataError(error, status, isAdmin ? 'Não foi possível contar os clientes.' : 'Não foi possível contar seus clientes.');
  const counts = Object.fromEntries(CLIENT_STATUSES.map((s) => [s, 0])) as ClientStatusCounts;
  for (const row of (data ?? []) as CountRow[]) {
    const key = isAdmin ? (row.dimension === 'status' ? row.key : undefined) : row.status;
    if (key && isClientStatus(key)) counts[key] = Number(row.count) || 0;
  }
  return counts;
}

/** The agency's clients per source ('' = not informed), for an admin. */
async function adminSourceCounts(): Promise<Record<string, number>> {
  const { data, error, status } = await run(() => supabase.rpc('admin_analytics_clients'));
  if (error) throw toDataError(error, status, 'Não foi possível contar os clientes.');
  const counts: Record<string, number> = {};
  for (const row of data ?? []) if (row.dimension === 'source') counts[row.key] = Number(row.count) || 0;
  return counts;
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

/** The columns a form writes, trimmed, '' as null; the admin-only ones only when the form has them. */
function formColumns(values: NewClientValues) {
  const row: Record<string, string | null> = {
    full_name: values.full_name.trim(),
    email: values.email.trim(),
    phone: emptyToNull(values.phone),
    company_name: emptyToNull(values.company_name),
    status: values.status ?? 'lead',
    source: values.source ?? null,
  };
  if (values.admin_notes !== undefined) row.admin_notes = emptyToNull(values.admin_notes);
  if (values.account_manager_id !== undefined) row.account_manager_id = values.account_manager_id || null;
  return row;
}

/**
 * Creates a client: for an admin one of the agency's (no owner), for anyone else a contact of their own CRM (the
 * database forces the owner to the caller anyway). `id` is generated by the caller once per form, so a retry after
 * a lost answer finds the row already there and updates it instead of making a duplicate.
 */
export async function createClient(id: string, values: NewClientValues): Promise<AdminClientDetail> {
  if (!isUuid(id)) throw new DataError('Identificador inválido.', '22P02');
  const user = await currentUser();
  const columns = formColumns(values);
  const row = { id, ...columns, owner_user_id: user.isAdmin ? null : user.id };
  const { data, error, status } = await run(() =>
    supabase.from('clients').insert(row as never).select(DETAIL_COLUMNS).single().overrideTypes<AdminClientDetail, { merge: false }>(),
  );
  if (!error && data) return data;
  if (!error) return getClient(id);
  // 23505 on the primary key: an earlier attempt of this form did reach the server (its answer was lost).
  // The row is ours (the id was made in this browser), so the retry saves the values typed now onto it.
  if (error.code === '23505' && /clients_pkey/.test(`${error.message} ${error.details ?? ''}`)) {
    const retried = await run(() =>
      supabase
        .from('clients')
        .update(columns as never)
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

/** Shown when a client changed elsewhere after the form loaded it. */
export const CLIENT_CONFLICT_MESSAGE =
  'Este cliente foi alterado em outra aba ou por outra pessoa depois que você abriu o formulário. Suas alterações não foram salvas, mas continuam no formulário.';

/**
 * Saves the form's values only if the client still has the `updated_at` the form loaded. Nothing updated means it
 * changed elsewhere (ConflictError) or is gone or not the caller's (NotFoundError); nothing is overwritten.
 */
export async function updateClient(id: string, values: NewClientValues, loadedUpdatedAt: string): Promise<AdminClientDetail> {
  if (!isUuid(id)) throw new NotFoundError('Cliente não encontrado.');
  const { data, error, status } = await run(() =>
    supabase
      .from('clients')
      .update(formColumns(values) as never)
      .eq('id', id)
      .eq('updated_at', loadedUpdatedAt)
      .select(DETAIL_COLUMNS)
      .maybeSingle()
      .overrideTypes<AdminClientDetail, { merge: false }>(),
  );
  if (error) throw toDataError(error, status);
  if (data) return data;
  await getClient(id); // throws NotFoundError when the client is gone
  throw new ConflictError(CLIENT_CONFLICT_MESSAGE);
}

/** Deletes a client the caller may delete (their own, or any for an admin); nothing deleted is a NotFoundError. */
export async function deleteClient(id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError('Cliente não encontrado.');
  const { data, error, status } = await run(() => supabase.from('clients').delete().eq('id', id).select('id'));
  if (error) throw toDataError(error, status, 'Não foi possível excluir o cliente.');
  if (!data || data.length === 0) throw new NotFoundError('Cliente não encontrado.');
}

/** A pt-BR message for a failed save, for the description of the error toast. */
export function describeSaveError(error: unknown): string {
  if (error instanceof DataError) {
    const known = error.code === '23514' ? clientConstraintMessage(`${error.serverMessage} ${error.details ?? ''}`) : null;
    if (known) return known;
    if (error.code === '23514' || error.code === '22001' || error.code === '23502') {
      return `Verifique os campos preenchidos. (${error.message})`;
    }
    if (error.message) return error.message;
  }
  return 'Não foi possível salvar o cliente.';
}
