// 'Usuários': the portal's accounts with their role, read-only.
import type { Account } from '../../lib/data/team';
import { accountRoleLabel } from '../../lib/domain/settings-rules';
import { formatDate } from '../../lib/domain/format';
import { Badge } from '../ui/Badge';

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-4 py-3 text-sm text-slate-800';

export function AccountsTable({ rows }: { rows: readonly Account[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" role="region" aria-label="Contas do portal" tabIndex={0}>
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Nome</th>
            <th scope="col" className={th}>E-mail</th>
            <th scope="col" className={th}>Papel</th>
            <th scope="col" className={th}>Criada em</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((a) => (
            <tr key={a.id} data-testid="account-row">
              <td className={`${td} font-medium text-slate-900`}>{a.full_name?.trim() || '—'}</td>
              <td className={`${td} break-all`}>{a.email ?? '—'}</td>
              <td className={td}>
                <Badge tone={a.role === 'admin' ? 'purple' : 'gray'}>
                  {accountRoleLabel(a.role)}
                </Badge>
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatDate(a.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
