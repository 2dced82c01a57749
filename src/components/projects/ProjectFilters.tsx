// Search box and status filter of the projects list (both applied by the server).
import Search from 'lucide-react/icons/search';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { Input } from '../ui/Input';
import { Spinner } from '../ui/Spinner';
import { LIMITS } from '../../lib/domain/field-limits';
import { ProjectStatusSelect } from './ProjectStatusSelect';

interface Props {
  search: string;
  status: ProjectStatus | '';
  busy: boolean;
  onSearchChange: (value: string) => void;
  onStatusChange: (value: ProjectStatus | '') => void;
}

export function ProjectFilters({ search, status, busy, onSearchChange, onStatusChange }: Props) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center" role="search">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <Input
          type="search"
          aria-label="Buscar projetos"
          placeholder="Buscar projetos..."
          value={search}
          maxLength={LIMITS.search}
          onChange={(e) => onSearchChange(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="flex items-center gap-3 sm:w-auto">
        <ProjectStatusSelect<ProjectStatus | ''>
          aria-label="Filtrar por status"
          value={status}
          onStatusChange={onStatusChange}
          anyLabel="Todos os status"
          className="flex-1 sm:w-52 sm:flex-none"
        />
        <span className="flex h-6 w-6 items-center justify-center">{busy && <Spinner size="sm" label="Atualizando lista..." />}</span>
      </div>
    </div>
  );
}
