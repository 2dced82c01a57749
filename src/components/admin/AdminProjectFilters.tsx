// Search box (title or client name/e-mail), status filter and plan filter of the agency's projects (all applied by the
// database).
import Search from 'lucide-react/icons/search';
import { PLANS, type PlanId } from '../../lib/domain/plans';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';
import { Spinner } from '../ui/Spinner';
import { LIMITS } from '../../lib/domain/field-limits';
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
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <Input
          type="search"
          aria-label="Buscar projetos por título ou cliente"
          placeholder="Buscar por título, nome ou e-mail do cliente..."
          value={values.search}
          maxLength={LIMITS.search}
          onChange={(e) => set({ search: e.target.value })}
          className="pl-9"
        />
      </div>
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
