// People the user may assign a task to (view users_view_for_assignment: the user and the agency's staff), and the
// signed-in user's own profile ('Meu Perfil').
import { supabase } from './supabase';
import type { Tables } from '../database.types';
import type { ProfileInput } from '../domain/profile-rules';
import { NotFoundError, currentUserId, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';

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

/** The signed-in user's profile as 'Meu Perfil' shows it. */
export type MyProfile = Pick<Tables<'profiles'>, 'id' | 'full_name' | 'email' | 'avatar_url'>;

/**
 * Saves the signed-in user's name and avatar: first their profiles row (row-level security lets a user write only
 * their own; its check constraints refuse a blank or too long name and an avatar that is not https), then the same
 * values in their auth user_metadata, which the session carries to the sidebar (auth-js announces USER_UPDATED and the
 * auth store takes the new user). A failure of either step throws; saving again repeats both.
 */
export async function updateMyProfile(input: ProfileInput): Promise<MyProfile> {
  const id = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase
      .from('profiles')
      .update({ full_name: input.full_name, avatar_url: input.avatar_url })
      .eq('id', id)
      .select('id, full_name, email, avatar_url')
      .maybeSingle(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível salvar o perfil.');
  if (!data) throw new NotFoundError('Perfil não encontrado.');
  const { error: authError } = await supabase.auth.updateUser({
    data: { full_name: input.full_name, avatar_url: input.avatar_url },
  });
  if (authError) throw toDataError({ message: authError.message, code: authError.code }, authError.status ?? 0, 'Não foi possível salvar o perfil.');
  return data;
}

/** A person's name and e-mail (an admin reads anyone's; others their own and the staff's); a missing one is null. */
export async function getProfileContact(id: string): Promise<{ full_name: string | null; email: string | null } | null> {
  if (!isUuid(id)) return null;
  const { data, error, status } = await run(() => supabase.from('profiles').select('full_name, email').eq('id', id).maybeSingle());
  if (error) throw toDataError(error, status, 'Não foi possível carregar os dados do cliente.');
  return data;
}
