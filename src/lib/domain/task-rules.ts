// Rules of a task: the status, priority and scope options, badge colours, the form's values and their validation
// (title required and not blank; due date optional, yyyy-MM-dd from the date input).
import type { Tables } from '../database.types';
import type { TaskPriority, TaskStatus } from './status-codes';
import { LIMITS, charLength } from './field-limits';

type Task = Tables<'tasks'>;

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
    status: isTaskStatus(task.status) ? task.status : DEFAULT_TASK_STATUS,
    priority: isTaskPriority(task.priority) ? task.priority : DEFAULT_TASK_PRIORITY,
    due_date: task.due_date ?? '',
    assigned_to: task.assigned_to ?? '',
    project_id: task.project_id ?? '',
  };
}

export type TaskValidation =
  | { ok: true; input: TaskInput }
  | { ok: false; field: 'title' | 'description' | 'due_date'; title: string; description: string };

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const TASK_TEXTS = {
  titleRequired: 'Por favor, forneça um título para a tarefa.',
  titleTooLong: `O título da tarefa pode ter no máximo ${LIMITS.taskTitle} caracteres.`,
  descriptionTooLong: `A descrição da tarefa pode ter no máximo ${LIMITS.taskDescription} caracteres.`,
  /** An edit saved after someone else changed the task (optimistic concurrency). */
  conflict: 'Esta tarefa foi alterada em outro lugar depois que você a abriu. Recarregue para ver a versão atual.',
} as const;

/** Title required, trimmed, at most 200 characters; description at most 5000; due date optional (yyyy-MM-dd from the date input). */
export function validateTaskForm(values: TaskFormValues): TaskValidation {
  const title = values.title.trim();
  if (!title) {
    return { ok: false, field: 'title', title: 'Título obrigatório', description: TASK_TEXTS.titleRequired };
  }
  if (charLength(title) > LIMITS.taskTitle) {
    return { ok: false, field: 'title', title: 'Título muito longo', description: TASK_TEXTS.titleTooLong };
  }
  if (charLength(values.description) > LIMITS.taskDescription) {
    return { ok: false, field: 'description', title: 'Descrição muito longa', description: TASK_TEXTS.descriptionTooLong };
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

/** The question the delete confirmation asks. */
export function taskDeleteQuestion(title: string): string {
  return `Tem certeza que deseja excluir a tarefa "${title}"?`;
}
