// Admin client management (SPEC §7 'Admin'): every client of every owner, read and written as an admin.
// Row-level security decides what the caller really gets; these functions only shape the calls and the errors.
import { supabase } from './supabase';
import type { ClientSource, ClientStatus, Tables } from './database.types';

/** Columns of the admin list, plus the account manager's name joined from profiles. */
const LIST_COLUMNS =
  'id, full_name, email, phone, company_name, status, source, created_at, account_manager_id, manager:profiles!clients_account_manager_id_fkey(full_name)';
const DETAIL_COLUMNS = '*, manager:profiles!clients_account_manager_id_fkey(full_name)';

type ClientRow = Tables<'clients'>;
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

/** An error from the data layer: the server's message, its PostgREST/Postgres code when there is one. */
export class AdminDataError extends Error {
  readonly code: string | undefined;
  readonly details: string | undefined;
  readonly hint: string | undefined;
  constructor(message: string, code?: string, details?: string | null, hint?: string | null) {
    super(message);
    this.name = 'AdminDataError';
    this.code = code;
    this.details = details ?? undefined;
    this.hint = hint ?? undefined;
  }
  /** True when the row does not exist or cannot be seen (PostgREST's single-object code). */
  get notFound(): boolean {
    return this.code === NOT_FOUND_CODE;
  }
}

export const NOT_FOUND_CODE = 'PGRST116';

interface PostgrestLikeError {
  message: string;
  code?: string;
  details?: string | null;
  hint?: string | null;
}

function toError(error: PostgrestLikeError): AdminDataError {
  return new AdminDataError(error.message || 'Erro desconhecido', error.code, error.details, error.hint);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a canonical uuid: anything else cannot be a client id (and would make Postgres answer 22P02). */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** The plain e-mail shape the database accepts (no scheme, no query, no spaces): local@domain.tld. */
const EMAIL_RE = /^[^\s@?:/\\<>"'()[\],;]+@[^\s@?:/\\<>"'()[\],;]+\.[^\s@?:/\\<>"'()[\],;]+$/;

export function isPlainEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** `mailto:` href for a stored e-mail, or null when the value is not a plain address (then no link is built). */
export function mailtoHref(email: string | null | undefined): string | null {
  const value = (email ?? '').trim();
  return isPlainEmail(value) ? `mailto:${value}` : null;
}

/** `tel:` href from a stored phone: only digits and a leading +, and only when the value looks like a phone. */
export function telHref(phone: string | null | undefined): string | null {
  const value = (phone ?? '').trim();
  if (!/^\+?[0-9\s().-]{3,40}$/.test(value)) return null;
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length < 3) return null;
  return `tel:${value.startsWith('+') ? '+' : ''}${digits}`;
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

/** Every client the caller may read (all of them for an admin), newest first, with the manager's name. */
export async function listAllClients(options: { search?: string } = {}): Promise<AdminClientListItem[]> {
  const { data, error } = await supabase
    .from('clients')
    .select(LIST_COLUMNS)
    .order('created_at', { ascending: false })
    .overrideTypes<AdminClientListItem[], { merge: false }>();
  if (error) throw toError(error);
  const rows = data ?? [];
  return options.search ? filterClients(rows, options.search) : rows;
}

/** One client with the manager's name. Unknown, invisible or malformed ids throw a not-found error (PGRST116). */
export async function getClient(id: string): Promise<AdminClientDetail> {
  if (!isUuid(id)) throw new AdminDataError('Cliente não encontrado.', NOT_FOUND_CODE);
  const { data, error } = await supabase
    .from('clients')
    .select(DETAIL_COLUMNS)
    .eq('id', id)
    .single()
    .overrideTypes<AdminClientDetail, { merge: false }>();
  if (error) throw toError(error);
  return data;
}

function emptyToNull(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
}

/**
 * Creates a client owned by the agency (owner_user_id null). `id` is generated by the caller once per form,
 * so a retry after a lost answer finds the row already there instead of making a duplicate.
 */
export async function createClient(id: string, values: NewClientValues): Promise<AdminClientDetail> {
  if (!isUuid(id)) throw new AdminDataError('Identificador inválido.', '22P02');
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
  const { data, error } = await supabase
    .from('clients')
    .insert(row)
    .select(DETAIL_COLUMNS)
    .single()
    .overrideTypes<AdminClientDetail, { merge: false }>();
  if (!error) return data;
  // 23505 on the primary key: the first attempt did reach the server. The row is ours, so it counts as saved.
  if (error.code === '23505' && /clients_pkey/.test(`${error.message} ${error.details ?? ''}`)) {
    return getClient(id);
  }
  throw toError(error);
}

/** Deletes a client; throws not-found when nothing was deleted (already gone, or not allowed to see it). */
export async function deleteClient(id: string): Promise<void> {
  if (!isUuid(id)) throw new AdminDataError('Cliente não encontrado.', NOT_FOUND_CODE);
  const { data, error } = await supabase.from('clients').delete().eq('id', id).select('id');
  if (error) throw toError(error);
  if (!data || data.length === 0) throw new AdminDataError('Cliente não encontrado.', NOT_FOUND_CODE);
}

/** supabase-js reports a failed fetch as an error without a code whose message names the fetch. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof AdminDataError) || error.code) return false;
  return /failed to fetch|fetch failed|networkerror|load failed|network request failed/i.test(error.message);
}

/** A pt-BR message for a failed insert, for the description of the error toast. */
export function describeCreateError(error: unknown): string {
  if (isNetworkFailure(error)) return 'Sem conexão com o servidor.';
  if (error instanceof AdminDataError) {
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
