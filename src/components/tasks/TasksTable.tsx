import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import type { TaskRow } from '../../lib/data/tasks';
import { marks } from '../../lib/util/fill-marks';
import { Shown } from '../ui/Shown';
import { taskActionsId, taskRowFill, type TaskRowValues } from './task-row-fill';
import { RowMenu, type RowMenuItem } from '../crm/RowMenu';
import { TaskOverdueBadge } from './TaskBadges';
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
  /** The page's frame: the body is where the boot script paints the first rows. */
  frame?: boolean;
}

export { taskActionsId };

const m = marks<TaskRowValues>();

interface RowProps {
  task: TaskRow;
  showCreator?: boolean;
  actions?: boolean;
  disabled?: boolean;
  menuItems?: () => RowMenuItem[];
}

/** One task's row, drawn from its fill values (task-row-fill.ts) with their marks. */
export function TaskTableRow({ task, showCreator = false, actions = true, disabled = false, menuItems = () => [] }: RowProps) {
  const v = taskRowFill(task);
  return (
    <tr role="row" data-task-id={v.id} className={stacked.tr} {...m.attr({ 'data-task-id': 'id' })}>
      <td role="cell" className={`${stacked.tdTitle} break-words [overflow-wrap:anywhere] md:max-w-[20rem]`}>
        <span className="font-medium text-slate-900" {...m.text('title')}>
          {v.title}
        </span>
        <Shown when={v.hasProject} condition={m.when('hasProject')}>
          <span className="mt-0.5 block break-words text-xs text-slate-600" {...m.text('projectLine')}>
            {v.projectLine}
          </span>
        </Shown>
      </td>
      <td role="cell" data-label="Status" className={stacked.td}>
        <span className={v.statusClass} {...m.attr({ class: 'statusClass' })} {...m.text('status')}>
          {v.status}
        </span>
      </td>
      <td role="cell" data-label="Prioridade" className={stacked.td}>
        <span className={v.priorityClass} {...m.attr({ class: 'priorityClass' })} {...m.text('priority')}>
          {v.priority}
        </span>
      </td>
      <td role="cell" data-label="Entrega" className={`${stacked.td} md:whitespace-nowrap`}>
        <span className="inline-flex flex-wrap items-center gap-2">
          <span {...m.text('due')}>{v.due}</span>
          <Shown when={v.overdue} condition={m.when('overdue')}>
            <TaskOverdueBadge />
          </Shown>
        </span>
      </td>
      {showCreator && (
        <td role="cell" data-label="Criada por" className={`${stacked.td} break-words md:max-w-[14rem]`}>
          <span className="min-w-0 break-words" {...m.text('creator')}>
            {v.creator}
          </span>
        </td>
      )}
      <td role="cell" data-label="Atribuído" className={`${stacked.td} break-words md:max-w-[14rem]`}>
        <span className="min-w-0 break-words" {...m.text('assignee')}>
          {v.assignee}
        </span>
      </td>
      {actions && (
        <td role="cell" className={stacked.tdActions}>
          <RowMenu
            id={v.actionsId}
            label={v.actionsLabel}
            disabled={disabled}
            items={menuItems()}
            fillMarks={m.attr({ id: 'actionsId', 'aria-label': 'actionsLabel' })}
          />
        </td>
      )}
    </tr>
  );
}

/**
 * Título, Status, Prioridade, Data Entrega (with 'Atrasada' when overdue), [Criada Por], Atribuído Para, Ações;
 * Excluir only for the creator.
 */
export function TasksTable({ rows, userId, deletingId, onEdit, onDelete, showCreator = false, frame = false }: Props) {
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
        <tbody role="rowgroup" className={stacked.tbody} {...(frame && { 'data-prepaint-rows': '' })}>
          {rows.map((task) => (
            <TaskTableRow
              key={task.id}
              task={task}
              showCreator={showCreator}
              actions={actions}
              disabled={deletingId === task.id}
              menuItems={() => [
                ...(onEdit ? [{ label: 'Editar', icon: <Pencil className="h-4 w-4" aria-hidden="true" />, onSelect: () => onEdit(task) }] : []),
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
