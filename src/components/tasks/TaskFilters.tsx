import { TASK_PRIORITIES, TASK_SCOPE_OPTIONS, TASK_STATUSES, type TaskScope } from '../../lib/domain/task-rules';
import { Select } from '../ui/Select';
import { SearchInput } from '../ui/SearchInput';

export interface AssigneeOption {
  value: string;
  label: string;
}

interface Props {
  status: string;
  onStatus: (v: string) => void;
  priority: string;
  onPriority: (v: string) => void;
  /** The title search and the scope (Todas Tarefas / Atribuídas a Mim / Criadas por Mim) of the user's own list. */
  search?: string;
  onSearch?: (v: string) => void;
  scope?: TaskScope;
  onScope?: (v: TaskScope) => void;
  /** The team list's filter by assignee ('' = everyone). */
  assignee?: string;
  onAssignee?: (v: string) => void;
  assigneeOptions?: readonly AssigneeOption[];
}

/** The names of the user's filters' controls (how the screen finds what was typed in the frame). */
export const TASK_FILTER_NAMES = {
  search: 'Buscar tarefas',
  status: 'Filtrar por status',
  priority: 'Filtrar por prioridade',
  scope: 'Filtrar por responsável',
} as const;

/**
 * Status and priority, plus either the user's search and scope or the team list's assignee filter; all applied by the
 * server.
 */
export function TaskFilters(p: Props) {
  const personal = Boolean(p.onSearch);
  return (
    <div
      className={
        personal
          ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_auto_auto_auto]'
          : 'grid gap-3 sm:grid-cols-3 lg:max-w-3xl'
      }
    >
      {p.onSearch && (
        <SearchInput
          value={p.search ?? ''}
          onChange={p.onSearch}
          label={TASK_FILTER_NAMES.search}
          placeholder="Buscar tarefas..."
          className="sm:col-span-2 lg:col-span-1"
        />
      )}
      {p.onAssignee && (
        <Select value={p.assignee ?? ''} onChange={(e) => p.onAssignee?.(e.target.value)} aria-label="Filtrar por responsável">
          <option value="">Todos os responsáveis</option>
          {(p.assigneeOptions ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
      <Select value={p.status} onChange={(e) => p.onStatus(e.target.value)} aria-label={TASK_FILTER_NAMES.status}>
        <option value="">Todos os status</option>
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Select value={p.priority} onChange={(e) => p.onPriority(e.target.value)} aria-label={TASK_FILTER_NAMES.priority}>
        <option value="">Todas as prioridades</option>
        {TASK_PRIORITIES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      {p.onScope && (
        <Select
          value={p.scope ?? 'all'}
          onChange={(e) => p.onScope?.(e.target.value as TaskScope)}
          aria-label={TASK_FILTER_NAMES.scope}
        >
          {TASK_SCOPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}
