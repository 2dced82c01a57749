// Data module for the `projects` table: the only way screens read or change projects.
// Lists are paged by the server (50 rows, one more asked to know if there are more), search runs in the database (rpc
// search_projects, trigram index on title).
import type { Tables, TablesUpdate } from '../database.types';
import type { ProjectStatus } from '../domain/status-codes';
import type { Plan } from '../domain/plans';
import { projectCountsOf, type ProjectCounts } from '../domain/project-rules';
import { supabase } from './supabase';
import { ConflictError, NotFoundError, currentUser, currentUserId, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';
import { createOnce } from './create-once';

export type Project = Tables<'projects'>;
export type ProjectPatch = Pick<TablesUpdate<'projects'>, 'title' | 'description' | 'status' | 'progress'>;
/** What only the agency changes besides: the plan and the monthly price (the database refuses them from a client). */
export type AdminProjectPatch = ProjectPatch & Pick<TablesUpdate<'projects'>, 'plan' | 'monthly_price'>;

/**
 * The owner a single-project call is limited to: the caller, or nobody for an admin (who reads and writes every
 * project; row-level security checks the role again).
 */
async function ownerScope(): Promise<string | null> {
  const me = await currentUser();
  return me.isAdmin ? null : me.id;
}

export const PAGE_SIZE = 50;

export interface ListProjectsOptions {
  search?: string;
  status?: ProjectStatus | '';
  offset?: number;
  limit?: number;
}

/**
 * One page of the user's projects, newest first, filtered by a contains-search on the title and a status.
 * One row more than the page is asked for: `hasMore` says whether 'Carregar mais' has something to load,
 * without counting the table. A search goes through the rpc search_projects (the database applies the owner
 * rule and can use the trigram index, which a plain `ilike` under RLS cannot). Without a search, `total` comes
 * from the per-status tallies (project_status_counts); with one it is null (unknown, not counted).
 */
export async function listProjects({ search = '', status = '', offset = 0, limit = PAGE_SIZE }: ListProjectsOptions = {}): Promise<{
  rows: Project[];
  hasMore: boolean;
  total: number | null;
}> {
  const userId = await currentUserId();
  const term = search.trim();
  if (term) {
    const args = {
      search_term: term,
      page_offset: offset,
      page_limit: limit + 1,
      ...(status ? { status_filter: status } : {}),
    };
    const { data, error, status: httpStatus } = await run(() => supabase.rpc('search_projects', args));
    if (error) throw toDataError(error, httpStatus);
    const rows = data ?? [];
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total: null };
  }
  const { data, error, status: httpStatus } = await run(() => {
    let query = supabase.from('projects').select('*').eq('user_id', userId);
    if (status) query = query.eq('status', status);
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(offset, offset + limit);
  });
  if (error) throw toDataError(error, httpStatus);
  const rows = data ?? [];
  const total = await projectCounts().then(
    (c) => (status === 'pending' ? c.pending : status === 'in-progress' ? c.inProgress : status === 'completed' ? c.completed : c.total),
    () => null, // the list still shows without its total
  );
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total };
}

/** The user's `limit` most recent projects (dashboard). */
export async function recentProjects(limit = 5): Promise<Project[]> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase.from('projects').select('*').eq('user_id', userId).order('created_at', { ascending: false }).limit(limit),
  );
  if (error) throw toDataError(error, status);
  return data ?? [];
}

/** The user's projects a support ticket may name (id and title, newest first; the first 200). */
export async function listProjectChoices(): Promise<Pick<Project, 'id' | 'title'>[]> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase.from('projects').select('id, title').eq('user_id', userId).order('created_at', { ascending: false }).limit(200),
  );
  if (error) throw toDataError(error, status);
  return data ?? [];
}

export type { ProjectCounts };

/** Counts per status, computed by the server (rpc project_status_counts) instead of downloading rows. */
export async function projectCounts(): Promise<ProjectCounts> {
  const { data, error, status } = await run(() => supabase.rpc('project_status_counts'));
  if (error) throw toDataError(error, status);
  return projectCountsOf(data ?? []);
}

/**
 * One of the user's projects (any project for an admin); a missing id, a malformed id or another user's project is a
 * NotFoundError.
 */
export async function getProject(id: string): Promise<Project> {
  if (!isUuid(id)) throw new NotFoundError('Projeto não encontrado.', 'PGRST116');
  const owner = await ownerScope();
  const { data, error, status } = await run(() => {
    const query = supabase.from('projects').select('*').eq('id', id);
    return (owner ? query.eq('user_id', owner) : query).single();
  });
  if (error) throw toDataError(error, status);
  if (!data) throw new NotFoundError('Projeto não encontrado.');
  return data;
}

/**
 * Starts a pending project from `plan` in the user's name, titled with the plan's name; the database fills the
 * monthly price from the plan list. `id` is made by the caller and reused for a repeated click or a retry: the row
 * is stored once (insert ... on conflict do nothing), and every call answers with that one stored project.
 */
export async function createProjectFromPlan(id: string, plan: Pick<Plan, 'id' | 'name'>): Promise<Project> {
  return createOnce<Project>({
    table: 'projects',
    row: { id, title: plan.name, plan: plan.id, status: 'pending' },
    failure: 'Não foi possível criar o projeto.',
    missing: 'Projeto não encontrado.',
  });
}

/**
 * Saves `values` only if the row still has the `updated_at` it had when loaded. Zero rows updated means
 * it changed (ConflictError) or disappeared (NotFoundError) elsewhere; nothing is overwritten.
 */
export async function updateProject(id: string, values: ProjectPatch | AdminProjectPatch, loadedUpdatedAt: string): Promise<Project> {
  const owner = await ownerScope();
  const { data, error, status } = await run(() => {
    const query = supabase.from('projects').update(values).eq('id', id);
    return (owner ? query.eq('user_id', owner) : query).eq('updated_at', loadedUpdatedAt).select().maybeSingle();
  });
  if (error) throw toDataError(error, status);
  if (data) return data;
  await getProject(id); // throws NotFoundError when the project is gone
  throw new ConflictError();
}

/**
 * Deletes one of the user's projects (any project for an admin); nothing deleted (already gone, or not theirs) is a
 * NotFoundError. A project that still has documents is refused by the database (409, 'Este projeto tem documentos:
 * exclua os documentos antes de excluir o projeto.').
 */
export async function deleteProject(id: string): Promise<void> {
  const owner = await ownerScope();
  const { data, error, status } = await run(() => {
    const query = supabase.from('projects').delete().eq('id', id);
    return (owner ? query.eq('user_id', owner) : query).select('id');
  });
  if (error) throw toDataError(error, status);
  if (!data || data.length === 0) throw new NotFoundError('Projeto não encontrado.');
}
