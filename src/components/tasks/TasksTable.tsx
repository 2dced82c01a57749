import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import type { TaskRow } from '../../lib/data/tasks';
import { personLabel } from '../../lib/domain/profile-rules';
import { formatDate } from '../../lib/domain/format';
import { RowMenu, type RowMenuItem } from '../crm/RowMenu';
import { TaskOverdueBadge, TaskPriorityBadge, TaskStatusBadge } from './TaskBadges';
import { stacked } from '../crm/stackedTable';

interface Props {
  rows: readonly TaskRow[];
  userId: string;
  deletingId: string | null;
  /** Without handlers (the team's read-only list) the table has no 'Ações' column. */
  onEdit?: (task: TaskRow) => void;
  onDelete?: (task: TaskRow) => void;
  /** The team's list (staff) also shows who created each task ('Criada Por'). */
  showCreator?: boolean;
}


/** Id of a row's 'Ações' button, so the modal can give focus back to it when it closes. */
export const taskActionsId = (id: string) => `task-actions-${id}`;

/**
 * Título, Status, Prioridade, Data Entrega (with 'Atrasada' when overdue), [Criada Por], Atribuído Para, Ações;
 * Excluir only for the creator.
 */
export function TasksTable({ rows, userId, deletingId, onEdit, onDelete, showCreator = false }: Props) {
  const actions = Boolean(onEdit || onDelete);
  return (
    <div className={stacked.wrapper} role="region" aria-label="Tabela de tarefas" tabIndex={0}>
      <table role="table" className={stacked.table}>
        <thead role="rowgroup" className={stacked.thead}>
          <tr role="row">
            <th role="columnheader" scope="col" className={stacked.th}>Título</th>
            <th role="columnheader" scope="col" className={stacked.th}>Status</th>
            <th role="columnheader" scope="col" className={stacked.th}>Prioridade</th>
            <th role="columnheader" scope="col" className={stacked.th}>Data Entrega</th>
            {showCreator && <th role="columnheader" scope="col" className={stacked.th}>Criada Por</th>}
            <th role="columnheader" scope="col" className={stacked.th}>Atribuído Para</th>
            {actions && <th role="columnheader" scope="col" className={`${stacked.th} md:text-right`}>Ações</th>}
          </tr>
        </thead>
        <tbody role="rowgroup" className={stacked.tbody}>
          {rows.map((task) => (
            <tr role="row" key={task.id} data-task-id={task.id} className={stacked.tr}>
              <td role="cell" className={`${stacked.tdTitle} break-words [overflow-wrap:anywhere] md:max-w-[20rem]`}>
                <span className="font-medium text-slate-900">{task.title}</span>
                {task.project?.title && (
                  <span className="mt-0.5 block break-words text-xs text-slate-600">Projeto: {task.project.title}</span>
                )}
              </td>
              <td role="cell" data-label="Status" className={stacked.td}>
                <TaskStatusBadge status={task.status} />
              </td>
              <td role="cell" data-label="Prioridade" className={stacked.td}>
                <TaskPriorityBadge priority={task.priority} />
              </td>
              <td role="cell" data-label="Entrega" className={`${stacked.td} md:whitespace-nowrap`}>
                <span className="inline-flex flex-wrap items-center gap-2">
                  {task.due_date ? formatDate(task.due_date) : '—'}
                  {task.overdue && <TaskOverdueBadge />}
                </span>
              </td>
              {showCreator && (
                <td role="cell" data-label="Criada por" className={`${stacked.td} break-words md:max-w-[14rem]`}>
                  <span className="min-w-0 break-words">{personLabel(task.creator) || 'Usuário'}</span>
                </td>
              )}
              <td role="cell" data-label="Atribuído" className={`${stacked.td} break-words md:max-w-[14rem]`}>
                <span className="min-w-0 break-words">
                  {task.assigned_to ? personLabel(task.assignee) || 'Usuário' : 'Ninguém (Pessoal)'}
                </span>
              </td>
              {actions && (
                <td role="cell" className={stacked.tdActions}>
                  <RowMenu
                    id={taskActionsId(task.id)}
                    label={`Ações para ${task.title}`}
                    disabled={deletingId === task.id}
                    items={[
                      ...(onEdit
                        ? [{ label: 'Editar', icon: <Pencil className="h-4 w-4" aria-hidden="true" />, onSelect: () => onEdit(task) }]
                        : []),
                      ...(onDelete && task.created_by === userId
                        ? [
                            {
                              label: 'Excluir',
                              icon: <Trash2 className="h-4 w-4" aria-hidden="true" />,
                              destructive: true,
                              onSelect: () => onDelete(task),
                            } satisfies RowMenuItem,
                          ]
                        : []),
                    ]}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
