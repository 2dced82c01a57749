// The one select of a project's status: the list filters (with 'Todos os status' first), the agency's project form and
// the project page's 'Status e Progresso'. The options and their labels are the project rules'.
import type { SelectHTMLAttributes } from 'react';
import { PROJECT_STATUSES, projectStatusLabel } from '../../lib/domain/project-rules';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { Select } from '../ui/Select';

type Props<V extends ProjectStatus | ''> = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> & {
  value: V;
  onStatusChange: (status: V) => void;
  /** A first option meaning 'any status' (a filter), with value ''. */
  anyLabel?: V extends '' ? string : never;
};

export function ProjectStatusSelect<V extends ProjectStatus | ''>({ value, onStatusChange, anyLabel, ...props }: Props<V>) {
  return (
    <Select {...props} value={value} onChange={(e) => onStatusChange(e.target.value as V)}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {PROJECT_STATUSES.map((s) => (
        <option key={s} value={s}>
          {projectStatusLabel(s)}
        </option>
      ))}
    </Select>
  );
}
