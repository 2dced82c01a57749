// What an agency client links to, for the admin console: the portal account's projects and tickets (the client
// detail) and the staff who may be its account manager (the client form). Admins read every project and ticket;
// row-level security and the admin RPCs refuse anyone else.
import { supabase } from './supabase';
import { NotFoundError, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';
import type { Tables } from '../database.types';
import { personLabel } from '../domain/profile-rules';

export type AccountProject = Pick<Tables<'projects'>, 'id' | 'title' | 'status' | 'progress' | 'created_at'>;
export type AccountTicket = Pick<Tables<'support_tickets'>, 'id' | 'subject' | 'status' | 'created_at'>;

export interface AccountActivity {
  projects: AccountProject[];
  tickets: AccountTicket[];
}

/** How many of each the detail lists (the newest). */
export const ACCOUNT_ACTIVITY_LIMIT = 50;

/** The newest projects and tickets of the portal account `accountUserId`, in one round trip each, side by side. */
export async function accountActivity(accountUserId: string): Promise<AccountActivity> {
  if (!isUuid(accountUserId)) throw new NotFoundError('Conta não encontrada.');
  const [projects, tickets] = await Promise.all([
    run(() =>
      supabase
        .from('projects')
        .select('id, title, status, progress, created_at')
        .eq('user_id', accountUserId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(ACCOUNT_ACTIVITY_LIMIT),
    ),
    run(() =>
      supabase
        .from('support_tickets')
        .select('id, subject, status, created_at')
        .eq('user_id', accountUserId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .limit(ACCOUNT_ACTIVITY_LIMIT),
    ),
  ]);
  if (projects.error) throw toDataError(projects.error, projects.status, 'Não foi possível buscar os projetos do cliente.');
  if (tickets.error) throw toDataError(tickets.error, tickets.status, 'Não foi possível buscar os tickets do cliente.');
  return { projects: projects.data ?? [], tickets: tickets.data ?? [] };
}

export interface StaffMember {
  id: string;
  /** The name, else the e-mail. */
  name: string;
}

/** The staff (admins), who alone may be a client's account manager, by name (rpc admin_team). */
export async function listStaff(): Promise<StaffMember[]> {
  const { data, error, status } = await run(() => supabase.rpc('admin_team'));
  if (error) throw toDataError(error, status, 'Não foi possível buscar a equipe.');
  return (data ?? []).map((row) => ({ id: row.id, name: personLabel(row) || row.id }));
}
