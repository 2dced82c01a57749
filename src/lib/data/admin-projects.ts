// The agency's project management (admins; the database answers anyone else with 403): every client's projects with
// the client's name and e-mail, the client picker of 'Novo Projeto', and creating a project for a client.
// Lists are paged by key: the next page starts after the last row's created_at and id (rpc admin_projects).
import type { Database, Tables } from '../database.types';
import type { PlanId } from '../domain/plans';
import type { ProjectStatus } from '../domain/status-codes';
import { supabase } from './supabase';
import { run, toDataError } from './data-errors';
import { createOnce } from './create-once';

type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

/** A row of the agency's list: the project with its client's name and e-mail (the catalog types function columns as never null). */
export type AdminProject = Nullable<
  Database['public']['Functions']['admin_projects']['Returns'][number],
  'description' | 'progress' | 'plan' | 'monthly_price' | 'client_name' | 'client_email'
>;

/** A portal account that is not staff: who a project can be made for. */
export type ClientAccount = Nullable<Database['public']['Functions']['admin_client_accounts']['Returns'][number], 'full_name' | 'email'>;

export const ADMIN_PAGE_SIZE = 50;

export interface ListAdminProjectsOptions {
  search?: string;
  status?: ProjectStatus | '';
  plan?: PlanId | '';
  /** The last row of the page already shown; none for the first page. */
  after?: Pick<AdminProject, 'created_at' | 'id'> | null;
  limit?: number;
}

/**
 * One page of every client's projects, newest first, searched by title or client name/e-mail and filtered by status
 * and plan. One row more than the page is asked for, to know whether 'Carregar mais' has something to load. `total`
 * comes from the per-status and per-plan tallies when they can tell (no search, at most one filter), else null.
 */
export async function listAdminProjects({
  search = '',
  status = '',
  plan = '',
  after = null,
  limit = ADMIN_PAGE_SIZE,
}: ListAdminProjectsOptions = {}): Promise<{ rows: AdminProject[]; hasMore: boolean; total: number | null }> {
  const term = search.trim();
  const args = {
    page_limit: limit + 1,
    ...(term ? { search_term: term } : {}),
    ...(status ? { status_filter: status } : {}),
    ...(plan ? { plan_filter: plan } : {}),
    ...(after ? { after_created_at: after.created_at, after_id: after.id } : {}),
  };
  const [{ data, error, status: httpStatus }, total] = await Promise.all([
    run(() => supabase.rpc('admin_projects', args)),
    term || (status && plan) ? Promise.resolve(null) : countProjects(status, plan),
  ]);
  if (error) throw toDataError(error, httpStatus, 'Não foi possível carregar os projetos.');
  const rows = (data ?? []) as AdminProject[];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total };
}

/** Projects with `status` or `plan` (all when neither), from rpc admin_analytics_projects; null when it fails. */
async function countProjects(status: string, plan: string): Promise<number | null> {
  const { data, error } = await run(() => supabase.rpc('admin_analytics_projects'));
  if (error || !data) return null;
  const [dimension, key] = plan ? ['plan', plan] : ['status', status];
  return data
    .filter((r) => r.dimension === dimension && (key === '' ? true : r.key === key))
    .reduce((sum, r) => sum + (Number(r.count) || 0), 0);
}

export const CLIENT_PICKER_SIZE = 20;

/** Portal accounts that are not staff, by name, whose name or e-mail contains `search` (at most 20). */
export async function listClientAccounts(search = ''): Promise<ClientAccount[]> {
  const term = search.trim();
  const { data, error, status } = await run(() =>
    supabase.rpc('admin_client_accounts', { page_limit: CLIENT_PICKER_SIZE, ...(term ? { search_term: term } : {}) }),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar os clientes.');
  return (data ?? []) as ClientAccount[];
}

/** What 'Novo Projeto' sends; `id` is made by the form and kept across retries. */
export interface NewAdminProject {
  id: string;
  title: string;
  description: string | null;
  status: ProjectStatus;
  progress: number | null;
  plan: PlanId | null;
}

/**
 * Creates a project owned by `client`. A retry with the same id after a lost answer stores nothing new (insert ... on
 * conflict do nothing) and answers with the stored row. The row comes back as the list shows it, with the client's
 * name and e-mail.
 */
export async function createProjectForClient(values: NewAdminProject, client: ClientAccount): Promise<AdminProject> {
  const project = await createOnce<Tables<'projects'>>({
    table: 'projects',
    row: { ...values, user_id: client.id },
    failure: 'Não foi possível criar o projeto.',
    missing: 'Projeto não encontrado.',
  });
  return { ...project, client_name: client.full_name, client_email: client.email };
}
