import { Search } from 'lucide-react';
import { TASK_PRIORITIES, TASK_SCOPE_OPTIONS, TASK_STATUSES, type TaskScope } from '../../lib/domain/task-rules';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';

interface Props {
  search: string;
  onSearch: (v: string) => void;
  status: string;
  onStatus: (v: string) => void;
  priority: string;
  onPriority: (v: string) => void;
  scope: TaskScope;
  onScope: (v: TaskScope) => void;
}

/** Search, status, priority and scope (Todas Tarefas / Atribuídas a Mim / Criadas por Mim), all applied by the server. */
export function TaskFilters(p: Props) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(12rem,1fr)_auto_auto_auto]">
      <div className="relative sm:col-span-2 lg:col-span-1">
        <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-slate-500" aria-hidden="true" />
        <Input
          type="search"
          value={p.search}
          onChange={(e) => p.onSearch(e.target.value)}
          placeholder="Buscar tarefas..."
          aria-label="Buscar tarefas"
          className="pl-9"
          maxLength={200}
        />
      </div>
      <Select value={p.status} onChange={(e) => p.onStatus(e.target.value)} aria-label="Filtrar por status">
        <option value="">Todos os status</option>
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Select value={p.priority} onChange={(e) => p.onPriority(e.target.value)} aria-label="Filtrar por prioridade">
        <option value="">Todas as prioridades</option>
        {TASK_PRIORITIES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Select
        value={p.scope}
        onChange={(e) => p.onScope(e.target.value as TaskScope)}
        aria-label="Filtrar por responsável"
      >
        {TASK_SCOPE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
