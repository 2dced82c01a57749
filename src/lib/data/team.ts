// The agency's staff and accounts for the admin console: 'Equipe' (each admin with open tasks assigned and tickets
// answered in the last 30 days) and 'Usuários' (every account with its role, read-only). Both are admin RPCs: anyone
// else gets 403 from the database.
import { supabase } from './supabase';
import { run, toDataError } from './data-errors';
import type { AccountRole } from '../domain/settings-rules';

export interface TeamMember {
  id: string;
  full_name: string | null;
  email: string | null;
  open_tasks: number;
  tickets_answered_30d: number;
}

/** The staff, by name, with their counts (PostgreSQL bigint arrives as a number or a string; both become numbers). */
export async function listTeam(): Promise<TeamMember[]> {
  const { data, error, status } = await run(() => supabase.rpc('admin_team'));
  if (error) throw toDataError(error, status, 'Não foi possível buscar a equipe.');
  return (data ?? []).map((m) => ({ ...m, open_tasks: Number(m.open_tasks), tickets_answered_30d: Number(m.tickets_answered_30d) }));
}

export interface Account {
  id: string;
  full_name: string | null;
  email: string | null;
  role: AccountRole;
  created_at: string;
}

export const ACCOUNTS_PAGE_SIZE = 50;

/** One page of accounts, newest first; one row more is asked for to know whether a next page exists. */
export async function listAccounts({ offset = 0, limit = ACCOUNTS_PAGE_SIZE } = {}): Promise<{ rows: Account[]; hasMore: boolean }> {
  const { data, error, status } = await run(() => supabase.rpc('admin_users', { page_offset: offset, page_limit: limit + 1 }));
  if (error) throw toDataError(error, status, 'Não foi possível buscar as contas.');
  const rows = (data ?? []).map((a) => ({ ...a, role: a.role === 'admin' ? 'admin' : 'user' }) as Account);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}
