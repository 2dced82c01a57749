import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import type { TaskRow } from '../../lib/tasks';
import { personLabel } from '../../lib/profiles';
import { formatDate } from '../../lib/format';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../ui/DropdownMenu';
import { buttonClasses } from '../ui/Button';
import { TaskPriorityBadge, TaskStatusBadge } from './TaskBadges';

interface Props {
  rows: readonly TaskRow[];
  userId: string;
  deletingId: string | null;
  onEdit: (task: TaskRow) => void;
  onDelete: (task: TaskRow) => void;
}

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-4 py-3 align-top text-sm text-slate-800';

/** Id of a row's 'Ações' button, so the modal can give focus back to it when it closes. */
export const taskActionsId = (id: string) => `task-actions-${id}`;

/** Título, Status, Prioridade, Data Entrega, Atribuído Para, Ações; Excluir only for the creator. */
export function TasksTable({ rows, userId, deletingId, onEdit, onDelete }: Props) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
      role="region"
      aria-label="Tabela de tarefas"
      tabIndex={0}
    >
      <table className="w-full min-w-[46rem] divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Título</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Prioridade</th>
            <th scope="col" className={th}>Data Entrega</th>
            <th scope="col" className={th}>Atribuído Para</th>
            <th scope="col" className={`${th} text-right`}>Ações</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((task) => (
            <tr key={task.id} data-task-id={task.id} className="hover:bg-slate-50">
              <td className={`${td} max-w-[20rem] break-words`}>
                <span className="font-medium text-slate-900">{task.title}</span>
                {task.project?.title && (
                  <span className="mt-0.5 block break-words text-xs text-slate-600">Projeto: {task.project.title}</span>
                )}
              </td>
              <td className={td}>
                <TaskStatusBadge status={task.status} />
              </td>
              <td className={td}>
                <TaskPriorityBadge priority={task.priority} />
              </td>
              <td className={`${td} whitespace-nowrap`}>{task.due_date ? formatDate(task.due_date) : '—'}</td>
              <td className={`${td} max-w-[14rem] break-words`}>
                {task.assigned_to ? personLabel(task.assignee) || 'Usuário' : 'Ninguém (Pessoal)'}
              </td>
              <td className={`${td} text-right`}>
                <DropdownMenu modal={false}>
                  <DropdownMenuTrigger
                    id={taskActionsId(task.id)}
                    className={buttonClasses('ghost', 'icon')}
                    aria-label={`Ações para ${task.title}`}
                    disabled={deletingId === task.id}
                  >
                    <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent>
                    <DropdownMenuItem onSelect={() => onEdit(task)}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Editar
                    </DropdownMenuItem>
                    {task.created_by === userId && (
                      <DropdownMenuItem destructive onSelect={() => onDelete(task)}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        Excluir
                      </DropdownMenuItem>
                    )}
                  </DropdownMenuContent>
                </DropdownMenu>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
