// CRM clients of the signed-in user ("Meus Clientes"): labels, badge colours, and the calls of SPEC.md §7.
// The admin console reuses the label maps and the search helpers from here.
import { supabase } from './supabase';
import { DataError, run, toDataError } from './data-errors';
import type { ClientSource, ClientStatus, Tables } from '../database.types';

export type Client = Tables<'clients'>;

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  lead: 'Lead',
  prospect: 'Prospecção',
  active: 'Ativo',
  on_hold: 'Em Espera',
  completed: 'Concluído',
  lost: 'Perdido',
};

export const CLIENT_SOURCE_LABELS: Record<ClientSource, string> = {
  referral: 'Indicação',
  website: 'Site',
  social_media: 'Redes Sociais',
  event: 'Evento',
  outbound: 'Outbound',
  other: 'Outro',
};

/** Status codes in the order SPEC.md §3 lists them. */
export const CLIENT_STATUSES = Object.keys(CLIENT_STATUS_LABELS) as ClientStatus[];

export const CLIENT_STATUS_OPTIONS: { value: ClientStatus; label: string }[] = CLIENT_STATUSES.map((value) => ({
  value,
  label: CLIENT_STATUS_LABELS[value],
}));

export const CLIENT_SOURCE_OPTIONS: { value: ClientSource; label: string }[] = (
  Object.keys(CLIENT_SOURCE_LABELS) as ClientSource[]
).map((value) => ({ value, label: CLIENT_SOURCE_LABELS[value] }));

export function isClientStatus(value: unknown): value is ClientStatus {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CLIENT_STATUS_LABELS, value);
}

/** pt-BR label of a status code; an unknown code is shown as is. */
export function clientStatusLabel(status: string | null | undefined): string {
  if (isClientStatus(status)) return CLIENT_STATUS_LABELS[status];
  return status ?? '';
}

/** pt-BR label of a source code; an unknown code is shown as is, none as ''. */
export function clientSourceLabel(source: string | null | undefined): string {
  if (source && Object.prototype.hasOwnProperty.call(CLIENT_SOURCE_LABELS, source)) {
    return CLIENT_SOURCE_LABELS[source as ClientSource];
  }
  return source ?? '';
}

const STATUS_BADGE: Record<ClientStatus, string> = {
  lead: 'bg-sky-100 text-sky-800 border-sky-200',
  prospect: 'bg-violet-100 text-violet-800 border-violet-200',
  active: 'bg-green-100 text-green-800 border-green-200',
  on_hold: 'bg-amber-100 text-amber-900 border-amber-200',
  completed: 'bg-slate-200 text-slate-800 border-slate-300',
  lost: 'bg-red-100 text-red-800 border-red-200',
};

/** Tailwind classes of the status badge (text colours keep AA contrast on their background). */
export function clientStatusBadgeClass(status: string | null | undefined): string {
  return isClientStatus(status) ? STATUS_BADGE[status] : 'bg-slate-100 text-slate-700 border-slate-200';
}

/** Chart colour per status, the same hue family as the badges. */
export const CLIENT_STATUS_COLORS: Record<ClientStatus, string> = {
  lead: '#0284c7',
  prospect: '#7c3aed',
  active: '#16a34a',
  on_hold: '#d97706',
  completed: '#475569',
  lost: '#dc2626',
};

export const CLIENT_SEARCH_COLUMNS = ['full_name', 'email', 'company_name'] as const;
export const PAGE_SIZE = 50;

export interface ListMyClientsParams {
  userId: string;
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
export async function listMyClients({
  userId,
  search,
  status,
  offset = 0,
  limit = PAGE_SIZE,
}: ListMyClientsParams): Promise<ClientPage> {
  const term = search?.trim();
  const statusFilter = status && status !== 'all' ? status : undefined;
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

/** Deletes one of the user's own clients; deleting nothing (not found or not theirs) is an error. */
export async function deleteMyClient(id: string, userId: string): Promise<void> {
  const { data, error, status } = await run(() =>
    supabase.from('clients').delete().eq('id', id).eq('owner_user_id', userId).select('id'),
  );
  if (error) throw toDataError(error, status, 'Não foi possível excluir o cliente.');
  if (!data || data.length === 0) throw new DataError('Cliente não encontrado ou sem permissão para excluí-lo.');
}

const PLAIN_EMAIL = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
const PHONE = /^\+?[0-9 ().-]{6,25}$/;

/** A mailto: link only for a plain e-mail address (no scheme, no `?`, no spaces); otherwise null. */
export function clientMailtoHref(email: string | null | undefined): string | null {
  const value = email?.trim() ?? '';
  return PLAIN_EMAIL.test(value) ? `mailto:${value}` : null;
}

/** A tel: link only for something that is a phone number (digits, spaces, + ( ) . -); otherwise null. */
export function clientTelHref(phone: string | null | undefined): string | null {
  const value = phone?.trim() ?? '';
  if (!PHONE.test(value)) return null;
  const digits = value.replace(/[^0-9+]/g, '');
  return digits.replace(/\+/g, '').length >= 6 ? `tel:${digits}` : null;
}
