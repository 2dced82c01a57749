// The agency's projects: a table from md up, one card per project on a phone. Each row: the title (a link to the
// project's admin page), the client (name, else e-mail), the plan, the status badge, the progress and the last update.
import type { AdminProject } from '../../lib/data/admin-projects';
import { formatDateTime } from '../../lib/domain/format';
import { planName } from '../../lib/domain/plans';
import { stacked } from '../crm/stackedTable';
import { ProjectStatusBadge } from '../projects/ProjectStatusBadge';
import { ProgressBar } from '../ui/ProgressBar';

const wrap = 'break-words [overflow-wrap:anywhere]';

export function AdminProjectsTable({ rows }: { rows: readonly AdminProject[] }) {
  return (
    <div className={stacked.wrapper} role="region" aria-label="Tabela de projetos" tabIndex={0}>
      <table role="table" className={stacked.table}>
        <thead role="rowgroup" className={stacked.thead}>
          <tr role="row">
            {['Projeto', 'Cliente', 'Plano', 'Status', 'Progresso', 'Última Atualização'].map((name) => (
              <th key={name} role="columnheader" scope="col" className={stacked.th}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={stacked.tbody}>
          {rows.map((p) => (
            <tr key={p.id} role="row" className={stacked.tr.replace(' pr-14', '')} data-testid="admin-project">
              <td role="cell" className={`${stacked.tdTitle} font-medium md:max-w-[16rem] ${wrap}`}>
                <a href={`/admin/projects/${p.id}`} className="text-brand-700 underline-offset-4 hover:underline">
                  {p.title}
                </a>
              </td>
              <td role="cell" data-label="Cliente" className={stacked.td}>
                <span className={`min-w-0 md:block md:max-w-[14rem] ${wrap}`}>
                  {p.client_name?.trim() || p.client_email}
                  {p.client_name?.trim() && p.client_email && (
                    <span className="block text-xs text-slate-500">{p.client_email}</span>
                  )}
                </span>
              </td>
              <td role="cell" data-label="Plano" className={stacked.td}>
                {planName(p.plan)}
              </td>
              <td role="cell" data-label="Status" className={stacked.td}>
                <ProjectStatusBadge status={p.status} />
              </td>
              <td role="cell" data-label="Progresso" className={stacked.td}>
                {p.progress === null ? (
                  <span className="text-slate-500">—</span>
                ) : (
                  <ProgressBar value={p.progress} label={`Progresso de ${p.title}`} showValue className="w-full md:w-32" />
                )}
              </td>
              <td role="cell" data-label="Última Atualização" className={`${stacked.td} md:whitespace-nowrap`}>
                {formatDateTime(p.updated_at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
