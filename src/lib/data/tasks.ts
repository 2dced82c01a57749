// Tasks ("Minhas Tarefas"): the reads and writes of the tasks table. Options, colours and validation live in
// src/lib/domain/task-rules.ts.
import { supabase } from './supabase';
import type { Tables } from '../database.types';
import type { TaskPriority, TaskStatus } from '../domain/status-codes';
import { PAGE_SIZE } from './projects';
import { ConflictError, DataError, NotFoundError, currentUserId, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';
import { TASK_TEXTS, type TaskInput, type TaskScope } from '../domain/task-rules';

export type Task = Tables<'tasks'>;
type Person = { full_name: string | null; email: string | null } | null;
export type TaskRow = Task & {
  creator: Person;
  assignee: Person;
  project: { title: string } | null;
  /** Past its due date (before today in São Paulo, the database's answer) and not done: 'Atrasada'. */
  overdue: boolean | null;
};

/** The row plus whether it is overdue, creator, assignee and project title. */
const TASK_NOT_FOUND = 'Tarefa não encontrada.';

export const TASK_SELECT =
  '*,overdue,creator:profiles!tasks_created_by_fkey(full_name,email),assignee:profiles!tasks_assigned_to_fkey(full_name,email),project:projects(title)';

/**
 * Which tasks a list shows: the user's own (`all` created by or assigned to them, `assigned`, `created`), or `team`:
 * every task the caller may read, which row-level security makes every task for an admin.
 */
export type TaskListScope = TaskScope | 'team';

/** The assignee filter's value for tasks assigned to nobody. */
export const UNASSIGNED = 'none';

export interface ListTasksParams {
  scope?: TaskListScope;
  /** A title search; only over the user's own tasks (the search function covers no `team` list). */
  search?: string;
  /** Tasks assigned to this user id, or to nobody (UNASSIGNED); empty = any. */
  assignee?: string;
  status?: TaskStatus | '' | 'all';
  priority?: TaskPriority | '' | 'all';
  offset?: number;
  limit?: number;
}

export interface TaskPage {
  rows: TaskRow[];
  /** The server has rows after this page ('Carregar mais'). */
  hasMore: boolean;
}

/**
 * One page of tasks in the scope, newest first, filtered by the server. One row more than the
 * page is asked for, to know whether there is a next page without counting the table. A title search runs in the
 * database function `search_tasks` (trigram index), which returns the page's task rows in list order; the relations
 * are embedded on its result, so the search is one request like the plain list.
 */
export async function listTasks({
  scope = 'all',
  search,
  status,
  priority,
  assignee,
  offset = 0,
  limit = PAGE_SIZE,
}: ListTasksParams = {}): Promise<TaskPage> {
  const userId = await currentUserId();
  const term = search?.trim();
  if (term && (scope === 'team' || assignee)) {
    throw new DataError('A busca por título vale só para as suas tarefas, sem filtro de responsável.', 'unsupported_filter');
  }
  if (assignee && assignee !== UNASSIGNED && !isUuid(assignee)) return { rows: [], hasMore: false };
  const statusFilter = status && status !== 'all' ? status : undefined;
  const priorityFilter = priority && priority !== 'all' ? priority : undefined;
  const { data, error, status: httpStatus } = await run(() => {
    if (term) {
      return supabase
        .rpc('search_tasks', {
          search_term: term,
          task_scope: scope,
          status_filter: statusFilter,
          priority_filter: priorityFilter,
          page_offset: offset,
          page_limit: limit + 1,
        })
        .select(TASK_SELECT)
        .overrideTypes<TaskRow[], { merge: false }>();
    }
    let query = supabase.from('tasks').select(TASK_SELECT);
    if (scope === 'assigned') query = query.eq('assigned_to', userId);
    else if (scope === 'created') query = query.eq('created_by', userId);
    else if (scope === 'all') query = query.or(`created_by.eq.${userId},assigned_to.eq.${userId}`);
    if (assignee === UNASSIGNED) query = query.is('assigned_to', null);
    else if (assignee) query = query.eq('assigned_to', assignee);
    if (statusFilter) query = query.eq('status', statusFilter);
    if (priorityFilter) query = query.eq('priority', priorityFilter);
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(offset, offset + limit)
      .overrideTypes<TaskRow[], { merge: false }>();
  });
  if (error) throw toDataError(error, httpStatus, 'Não foi possível buscar suas tarefas.');
  const rows = data ?? [];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** One visible task with its relations; a NotFoundError when it no longer exists for this user. */
export async function getTask(id: string): Promise<TaskRow> {
  if (!isUuid(id)) throw new NotFoundError(TASK_NOT_FOUND);
  const { data, error, status } = await run(() =>
    supabase.from('tasks').select(TASK_SELECT).eq('id', id).maybeSingle().overrideTypes<TaskRow | null, { merge: false }>(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível buscar a tarefa.');
  if (!data) throw new NotFoundError(TASK_NOT_FOUND);
  return data;
}

/**
 * Creates the task with the id the browser generated. If the same id already exists (23505: an earlier
 * attempt reached the server but its answer was lost), the existing row is returned instead.
 */
export async function createTask(id: string, input: TaskInput): Promise<TaskRow> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase
      .from('tasks')
      .insert({ id, ...input, created_by: userId })
      .select(TASK_SELECT)
      .single()
      .overrideTypes<TaskRow, { merge: false }>(),
  );
  if (!error) return data;
  if (error.code === '23505') {
    const existing = await getTask(id).catch(() => null);
    if (existing && existing.created_by === userId) return existing;
  }
  throw toDataError(error, status, 'Não foi possível criar a tarefa.');
}

/** Saves the edits only if the row still has the `updated_at` it had when loaded (optimistic concurrency). */
export async function updateTask(id: string, input: TaskInput, loadedUpdatedAt: string): Promise<TaskRow> {
  const { data, error, status } = await run(() =>
    supabase
      .from('tasks')
      .update(input)
      .eq('id', id)
      .eq('updated_at', loadedUpdatedAt)
      .select(TASK_SELECT)
      .overrideTypes<TaskRow[], { merge: false }>(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível atualizar a tarefa.');
  const rows = data ?? [];
  // The task changed (or disappeared) since it was loaded: saving would overwrite someone else's edit.
  if (rows.length === 0) throw new ConflictError(TASK_TEXTS.conflict);
  return rows[0];
}

/** Deletes a task the user created (only the creator deletes); nothing deleted is a NotFoundError. */
export async function deleteTask(id: string): Promise<void> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase.from('tasks').delete().eq('id', id).eq('created_by', userId).select('id'),
  );
  if (error) throw toDataError(error, status, 'Não foi possível excluir a tarefa.');
  if (!data || data.length === 0) throw new NotFoundError('Tarefa não encontrada ou sem permissão para excluí-la.');
}

export interface ProjectOption {
  id: string;
  title: string;
}

/** The user's own projects for the task modal's optional project field (newest 100). */
export async function listMyProjectOptions(): Promise<ProjectOption[]> {
  const userId = await currentUserId();
  const { data, error, status } = await run(() =>
    supabase.from('projects').select('id,title').eq('user_id', userId).order('created_at', { ascending: false }).limit(100),
  );
  if (error) throw toDataError(error, status, 'Não foi possível buscar seus projetos.');
  return (data ?? []) as ProjectOption[];
}
