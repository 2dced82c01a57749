// People the user may assign a task to (view users_view_for_assignment: the user and the agency's staff).
import { supabase } from './supabase';
import type { Tables } from '../database.types';
import { isUuid, run, toDataError } from './data-errors';

/** A view's columns are all nullable to the catalog; `id` is profiles.id, never null. */
export type AssignableUser = Omit<Tables<'users_view_for_assignment'>, 'id'> & { id: string };

/** Users a task can be assigned to: id, full_name, email, at most 100. */
export async function listAssignableUsers(): Promise<AssignableUser[]> {
  const { data, error, status } = await run(() =>
    supabase.from('users_view_for_assignment').select('id, full_name, email').limit(100),
  );
  if (error) throw toDataError(error, status, 'Não foi possível buscar a lista de usuários para atribuição.');
  return (data ?? []) as AssignableUser[];
}

/** How a person is named on screen: full name, else e-mail, else ''. */
export function personLabel(person: { full_name: string | null; email: string | null } | null | undefined): string {
  return person?.full_name?.trim() || person?.email || '';
}

/** A person's name and e-mail (an admin reads anyone's; others their own and the staff's); a missing one is null. */
export async function getProfileContact(id: string): Promise<{ full_name: string | null; email: string | null } | null> {
  if (!isUuid(id)) return null;
  const { data, error, status } = await run(() => supabase.from('profiles').select('full_name, email').eq('id', id).maybeSingle());
  if (error) throw toDataError(error, status, 'Não foi possível carregar os dados do cliente.');
  return data;
}
