// Data module of the agency's support desk (admins): the inbox, the waiting count, a ticket with its client, status
// changes that fail when someone else changed the ticket first, and replies or internal notes. The database checks the
// role on every call (403 for anyone else); the conversation itself is read through `tickets.ts`.
import type { Database, Tables } from '../database.types';
import { supabase } from './supabase';
import { ConflictError, NotFoundError, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';
import { sendTicketMessage, type Ticket, type TicketMessage } from './tickets';
import type { TicketStatus } from '../domain/status-codes';

export type InboxRow = Database['public']['Functions']['support_inbox']['Returns'][number];

export const INBOX_PAGE_SIZE = 50;

export interface InboxParams {
  /** One status, or every status ('' / undefined). */
  status?: TicketStatus | '';
  /** Only tickets waiting for the agency, oldest waiting first; otherwise every ticket by last activity. */
  waitingOnly?: boolean;
  search?: string;
  /** The last row already shown: the next page starts after it. */
  after?: Pick<InboxRow, 'sort_at' | 'id'> | null;
  limit?: number;
}

/**
 * One page of the inbox (rpc support_inbox), paged by key: `after` is the last row on screen. One row more than the
 * page is asked for, to know whether 'Carregar mais' has something to load; the inbox is not counted (total null).
 */
export async function listInbox({
  status,
  waitingOnly = true,
  search,
  after = null,
  limit = INBOX_PAGE_SIZE,
}: InboxParams = {}): Promise<{ rows: InboxRow[]; hasMore: boolean; total: null }> {
  const term = search?.trim();
  const { data, error, status: httpStatus } = await run(() =>
    supabase.rpc('support_inbox', {
      status_filter: status || undefined,
      waiting_only: waitingOnly,
      search_term: term || undefined,
      after_at: after?.sort_at ?? undefined,
      after_id: after?.id ?? undefined,
      page_limit: limit + 1,
    }),
  );
  if (error) throw toDataError(error, httpStatus, 'Não foi possível carregar os tickets.');
  const rows = data ?? [];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total: null };
}

/** Tickets waiting for the agency (the sidebar's 'Suporte ao Cliente' badge). */
export async function supportWaitingCount(): Promise<number> {
  const { data, error, status } = await run(() => supabase.rpc('support_waiting_count'));
  if (error) throw toDataError(error, status);
  return Number(data) || 0;
}

type ClientProfile = Pick<Tables<'profiles'>, 'full_name' | 'email'>;
export type StaffTicket = Ticket & { client: ClientProfile | null };

/** A ticket with its client's name and e-mail. Unknown or malformed id: NotFoundError 'Ticket não encontrado.' */
export async function getStaffTicket(id: string): Promise<StaffTicket> {
  if (!isUuid(id)) throw new NotFoundError('Ticket não encontrado.');
  const { data, error, status } = await run(() =>
    supabase
      .from('support_tickets')
      .select('*, client:profiles!support_tickets_user_id_fkey(full_name, email)')
      .eq('id', id)
      .maybeSingle()
      .overrideTypes<StaffTicket, { merge: false }>(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar o ticket.');
  if (!data) throw new NotFoundError('Ticket não encontrado.');
  return data;
}

/**
 * Sets the status if the ticket is still as the screen loaded it (`seenUpdatedAt`). Changed meanwhile: ConflictError
 * with the server's message, and nothing is written; gone: NotFoundError.
 */
export async function setTicketStatus(ticketId: string, status: TicketStatus, seenUpdatedAt: string): Promise<Ticket> {
  if (!isUuid(ticketId)) throw new NotFoundError('Ticket não encontrado.');
  const { data, error, status: httpStatus } = await run(() =>
    supabase.rpc('set_ticket_status', { ticket_id: ticketId, new_status: status, seen_updated_at: seenUpdatedAt }),
  );
  if (error) {
    if (httpStatus === 409 || error.code === 'PT409') throw new ConflictError(error.message || undefined);
    if (httpStatus === 404 || error.code === 'PT404') throw new NotFoundError(error.message || 'Ticket não encontrado.', error.code);
    throw toDataError(error, httpStatus, 'Não foi possível atualizar o status.');
  }
  if (!data) throw new NotFoundError('Ticket não encontrado.');
  return data as Ticket;
}

/** A staff reply the client sees, or an internal note only the staff read; the id is kept across retries. */
export function sendStaffMessage(message: { id: string; ticketId: string; body: string; internal: boolean }): Promise<TicketMessage> {
  return sendTicketMessage(message);
}
