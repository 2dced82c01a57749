// What a row of the tasks table shows, as fill values (lib/util/fill-marks.ts): the row component renders from them,
// and the page's boot script paints the same row from an early answer with them.
import type { TaskRow } from '../../lib/data/tasks';
import { formatDate } from '../../lib/domain/format';
import { personLabel } from '../../lib/domain/people';
import { taskPriorityBadgeClass, taskStatusBadgeClass } from '../../lib/domain/task-rules';
import { badgeClass } from '../ui/badge-class';

/** Id of a row's 'Ações' button, so the modal can give focus back to it when it closes. */
export const taskActionsId = (id: string) => `task-actions-${id}`;

export function taskRowFill(task: TaskRow) {
  return {
    id: task.id,
    title: task.title,
    hasProject: Boolean(task.project?.title),
    projectLine: `Projeto: ${task.project?.title ?? ''}`,
    status: task.status,
    statusClass: badgeClass({ colors: taskStatusBadgeClass(task.status) }),
    priority: task.priority,
    priorityClass: badgeClass({ colors: taskPriorityBadgeClass(task.priority) }),
    due: task.due_date ? formatDate(task.due_date) : '—',
    overdue: task.overdue === true,
    creator: personLabel(task.creator) || 'Usuário',
    assignee: task.assigned_to ? personLabel(task.assignee) || 'Usuário' : 'Ninguém (Pessoal)',
    actionsId: taskActionsId(task.id),
    actionsLabel: `Ações para ${task.title}`,
  };
}
export type TaskRowValues = ReturnType<typeof taskRowFill>;

/** The row a task's fill template is rendered with: any task does, every value the row shows is marked. */
export const TEMPLATE_TASK: TaskRow = {
  id: '00000000-0000-4000-8000-000000000000',
  title: '',
  description: null,
  status: '',
  priority: '',
  due_date: null,
  overdue: null,
  assigned_to: null,
  created_by: '',
  project_id: null,
  created_at: '',
  updated_at: '',
  creator: null,
  assignee: null,
  project: null,
};
