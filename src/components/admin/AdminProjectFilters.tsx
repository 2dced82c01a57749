// Search box (title or client name/e-mail), status filter and plan filter of the agency's projects (all applied by the
// database).
import { PLANS, type PlanId } from '../../lib/domain/plans';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { SearchInput } from '../ui/SearchInput';
import { Select } from '../ui/Select';
import { Spinner } from '../ui/Spinner';
import { ProjectStatusSelect } from '../projects/ProjectStatusSelect';

export interface AdminProjectFilterValues {
  search: string;
  status: ProjectStatus | '';
  plan: PlanId | '';
}

interface Props {
  values: AdminProjectFilterValues;
  busy: boolean;
  onChange: (values: AdminProjectFilterValues) => void;
}

export function AdminProjectFilters({ values, busy, onChange }: Props) {
  const set = (patch: Partial<AdminProjectFilterValues>) => onChange({ ...values, ...patch });
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center" role="search">
      <SearchInput
        value={values.search}
        onChange={(search) => set({ search })}
        label="Buscar projetos por título ou cliente"
        placeholder="Buscar por título, nome ou e-mail do cliente..."
        className="flex-1"
      />
      <div className="flex flex-wrap items-center gap-3">
        <ProjectStatusSelect<ProjectStatus | ''>
          aria-label="Filtrar por status"
          value={values.status}
          onStatusChange={(status) => set({ status })}
          anyLabel="Todos os status"
          className="flex-1 sm:w-48 sm:flex-none"
        />
        <Select
          aria-label="Filtrar por plano"
          value={values.plan}
          onChange={(e) => set({ plan: e.target.value as PlanId | '' })}
          className="flex-1 sm:w-56 sm:flex-none"
        >
          <option value="">Todos os planos</option>
          {PLANS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <span className="flex h-6 w-6 items-center justify-center">{busy && <Spinner size="sm" label="Atualizando lista..." />}</span>
      </div>
    </div>
  );
}
