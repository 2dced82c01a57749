// Search box and status filter of the projects list (both applied by the server).
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { SearchInput } from '../ui/SearchInput';
import { Spinner } from '../ui/Spinner';
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
      <SearchInput value={search} onChange={onSearchChange} label="Buscar projetos" placeholder="Buscar projetos..." className="flex-1" />
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
