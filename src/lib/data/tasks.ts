// Tasks ("Minhas Tarefas"): options, badge colours, validation and the calls of SPEC.md §7.
import { supabase } from './supabase';
import type { TaskPriority, TaskStatus, Tables } from '../database.types';
import { PAGE_SIZE } from './clients';
import { ConflictError, DataError, run, toDataError } from './data-errors';

export type Task = Tables<'tasks'>;
type Person = { full_name: string | null; email: string | null } | null;
export type TaskRow = Task & { creator: Person; assignee: Person; project: { title: string } | null };

export const TASK_STATUSES: TaskStatus[] = ['Pendente', 'Em Andamento', 'Concluída', 'Bloqueada'];
export const TASK_PRIORITIES: TaskPriority[] = ['Baixa', 'Média', 'Alta', 'Urgente'];
export const DEFAULT_TASK_STATUS: TaskStatus = 'Pendente';
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'Média';

export type TaskScope = 'all' | 'assigned' | 'created';
export const TASK_SCOPE_OPTIONS: { value: TaskScope; label: string }[] = [
  { value: 'all', label: 'Todas Tarefas' },
  { value: 'assigned', label: 'Atribuídas a Mim' },
  { value: 'created', label: 'Criadas por Mim' },
];

const STATUS_BADGE: Record<TaskStatus, string> = {
  Pendente: 'bg-slate-100 text-slate-800 border-slate-200',
  'Em Andamento': 'bg-blue-100 text-blue-800 border-blue-200',
  Concluída: 'bg-green-100 text-green-800 border-green-200',
  Bloqueada: 'bg-red-100 text-red-800 border-red-200',
};
const PRIORITY_BADGE: Record<TaskPriority, string> = {
  Baixa: 'bg-slate-100 text-slate-700 border-slate-200',
  Média: 'bg-sky-100 text-sky-800 border-sky-200',
  Alta: 'bg-orange-100 text-orange-900 border-orange-200',
  Urgente: 'bg-red-100 text-red-800 border-red-200',
};
const NEUTRAL_BADGE = 'bg-slate-100 text-slate-700 border-slate-200';

export function isTaskStatus(v: unknown): v is TaskStatus {
  return typeof v === 'string' && (TASK_STATUSES as string[]).includes(v);
}
export function isTaskPriority(v: unknown): v is TaskPriority {
  return typeof v === 'string' && (TASK_PRIORITIES as string[]).includes(v);
}
export function taskStatusBadgeClass(status: string | null | undefined): string {
  return isTaskStatus(status) ? STATUS_BADGE[status] : NEUTRAL_BADGE;
}
export function taskPriorityBadgeClass(priority: string | null | undefined): string {
  return isTaskPriority(priority) ? PRIORITY_BADGE[priority] : NEUTRAL_BADGE;
}

/** What the task modal edits. Empty strings in the form become null here. */
export interface TaskInput {
  title: string;
  description: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  assigned_to: string | null;
  project_id: string | null;
}

/** The form's values as typed (every field a string). */
export interface TaskFormValues {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string;
  assigned_to: string;
  project_id: string;
}

export const EMPTY_TASK_FORM: TaskFormValues = {
  title: '',
  description: '',
  status: DEFAULT_TASK_STATUS,
  priority: DEFAULT_TASK_PRIORITY,
  due_date: '',
  assigned_to: '',
  project_id: '',
};

export function taskToFormValues(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description ?? '',
    status: task.status,
    priority: task.priority,
    due_date: task.due_date ?? '',
    assigned_to: task.assigned_to ?? '',
    project_id: task.project_id ?? '',
  };
}

export type TaskValidation =
  | { ok: true; input: TaskInput }
  | { ok: false; field: 'title' | 'due_date'; title: string; description: string };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC.md §5: title required and not blank; due date optional (yyyy-MM-dd from the date input). */
export function validateTaskForm(values: TaskFormValues): TaskValidation {
  const title = values.title.trim();
  if (!title) {
    return { ok: false, field: 'title', title: 'Título obrigatório', description: 'Por favor, forneça um título para a tarefa.' };
  }
  const due = values.due_date.trim();
  if (due && (!DATE_RE.test(due) || Number.isNaN(Date.parse(`${due}T00:00:00Z`)))) {
    return { ok: false, field: 'due_date', title: 'Data inválida', description: 'Informe a data de entrega no formato dd/mm/aaaa.' };
  }
  const description = values.description.trim();
  return {
    ok: true,
    input: {
      title,
      description: description ? values.description : null,
      status: isTaskStatus(values.status) ? values.status : DEFAULT_TASK_STATUS,
      priority: isTaskPriority(values.priority) ? values.priority : DEFAULT_TASK_PRIORITY,
      due_date: due || null,
      assigned_to: values.assigned_to || null,
      project_id: values.project_id || null,
    },
  };
}

/** The row plus creator, assignee and project title, as SPEC.md §3 describes the reads. */
export const TASK_SELECT =
  '*,creator:profiles!tasks_created_by_fkey(full_name,email),assignee:profiles!tasks_assigned_to_fkey(full_name,email),project:projects(title)';

export interface ListTasksParams {
  userId: string;
  scope?: TaskScope;
  search?: string;
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
 * One page of the tasks the user created or was assigned, newest first, filtered by the server. One row more than the
 * page is asked for, to know whether there is a next page without counting the table. A title search runs in the
 * database function `search_tasks` (trigram index), which answers the page's ids; the rows are then read with their
 * relations and put back in that order.
 */
export async function listTasks({
  userId,
  scope = 'all',
  search,
  status,
  priority,
  offset = 0,
  limit = PAGE_SIZE,
}: ListTasksParams): Promise<TaskPage> {
  const term = search?.trim();
  const statusFilter = status && status !== 'all' ? status : undefined;
  const priorityFilter = priority && priority !== 'all' ? priority : undefined;
  let rows: TaskRow[];
  if (term) {
    const found = await run(() =>
      supabase
        .rpc('search_tasks', {
          search_term: term,
          task_scope: scope,
          status_filter: statusFilter,
          priority_filter: priorityFilter,
          page_offset: offset,
          page_limit: limit + 1,
        })
        .select('id'),
    );
    if (found.error) throw toDataError(found.error, found.status, 'Não foi possível buscar suas tarefas.');
    const ids = (found.data ?? []).map((r) => r.id);
    rows = ids.length ? await tasksInOrder(ids) : [];
  } else {
    const { data, error, status } = await run(() => {
      let query = supabase.from('tasks').select(TASK_SELECT);
      if (scope === 'assigned') query = query.eq('assigned_to', userId);
      else if (scope === 'created') query = query.eq('created_by', userId);
      else query = query.or(`created_by.eq.${userId},assigned_to.eq.${userId}`);
      if (statusFilter) query = query.eq('status', statusFilter);
      if (priorityFilter) query = query.eq('priority', priorityFilter);
      return query
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(offset, offset + limit);
    });
    if (error) throw toDataError(error, status, 'Não foi possível buscar suas tarefas.');
    rows = (data ?? []) as unknown as TaskRow[];
  }
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The tasks with these ids and their relations, in the order of `ids` (a task deleted meanwhile is left out). */
async function tasksInOrder(ids: string[]): Promise<TaskRow[]> {
  const { data, error, status } = await run(() => supabase.from('tasks').select(TASK_SELECT).in('id', ids));
  if (error) throw toDataError(error, status, 'Não foi possível buscar suas tarefas.');
  const byId = new Map(((data ?? []) as unknown as TaskRow[]).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One visible task with its relations, or null when it no longer exists for this user. */
export async function getTask(id: string): Promise<TaskRow | null> {
  const { data, error, status } = await run(() => supabase.from('tasks').select(TASK_SELECT).eq('id', id).maybeSingle());
  if (error) throw toDataError(error, status, 'Não foi possível buscar a tarefa.');
  return (data as unknown as TaskRow) ?? null;
}

/** A fresh id for a task about to be created; kept across retries so a retry never makes a second row. */
export function newTaskId(): string {
  return crypto.randomUUID();
}

/**
 * Creates the task with the id the browser generated. If the same id already exists (23505: an earlier
 * attempt reached the server but its answer was lost), the existing row is returned instead.
 */
export async function createTask(id: string, input: TaskInput, userId: string): Promise<TaskRow> {
  const { data, error, status } = await run(() =>
    supabase.from('tasks').insert({ id, ...input, created_by: userId }).select(TASK_SELECT).single(),
  );
  if (!error) return data as unknown as TaskRow;
  if (error.code === '23505') {
    const existing = await getTask(id);
    if (existing && existing.created_by === userId) return existing;
  }
  throw toDataError(error, status, 'Não foi possível criar a tarefa.');
}

const TASK_CONFLICT_MESSAGE =
  'Esta tarefa foi alterada em outro lugar depois que você a abriu. Recarregue para ver a versão atual.';

/** Saves the edits only if the row still has the `updated_at` it had when loaded (optimistic concurrency). */
export async function updateTask(id: string, input: TaskInput, loadedUpdatedAt: string): Promise<TaskRow> {
  const { data, error, status } = await run(() =>
    supabase.from('tasks').update(input).eq('id', id).eq('updated_at', loadedUpdatedAt).select(TASK_SELECT),
  );
  if (error) throw toDataError(error, status, 'Não foi possível atualizar a tarefa.');
  const rows = (data ?? []) as unknown as TaskRow[];
  // The task changed (or disappeared) since it was loaded: saving would overwrite someone else's edit.
  if (rows.length === 0) throw new ConflictError(TASK_CONFLICT_MESSAGE);
  return rows[0];
}

/** Deletes a task the user created (SPEC.md §6: only the creator deletes). */
export async function deleteTask(id: string, userId: string): Promise<void> {
  const { data, error, status } = await run(() =>
    supabase.from('tasks').delete().eq('id', id).eq('created_by', userId).select('id'),
  );
  if (error) throw toDataError(error, status, 'Não foi possível excluir a tarefa.');
  if (!data || data.length === 0) throw new DataError('Tarefa não encontrada ou sem permissão para excluí-la.');
}

export interface ProjectOption {
  id: string;
  title: string;
}

/** The user's own projects for the task modal's optional project field (newest 100). */
export async function listMyProjectOptions(userId: string): Promise<ProjectOption[]> {
  const { data, error, status } = await run(() =>
    supabase.from('projects').select('id,title').eq('user_id', userId).order('created_at', { ascending: false }).limit(100),
  );
  if (error) throw toDataError(error, status, 'Não foi possível buscar seus projetos.');
  return (data ?? []) as ProjectOption[];
}
