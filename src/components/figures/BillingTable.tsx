// The rows of 'Faturamento': one per project with a plan (client, project, plan, status, monthly price).
import type { BillingRow } from '../../lib/data/billing';
import { planLabel } from '../../lib/domain/figures-rules';
import { formatCurrency } from '../../lib/domain/format';
import { ProjectStatusBadge } from '../projects/ProjectStatusBadge';

const TH = 'px-3 py-2 text-left font-medium';
const TD = 'px-3 py-3 align-top';
const LINK = 'font-medium text-brand-700 underline-offset-4 hover:underline';

/** A price the plan has not fixed yet (the custom plan) reads 'A definir'. */
export function priceText(price: number | null): string {
  return price === null ? 'A definir' : formatCurrency(price);
}

export function BillingTable({ rows }: { rows: readonly BillingRow[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full min-w-[40rem] text-sm" data-testid="billing-rows">
        <caption className="sr-only">Projetos com plano</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className={TH}>Cliente</th>
            <th scope="col" className={TH}>Projeto</th>
            <th scope="col" className={TH}>Plano</th>
            <th scope="col" className={TH}>Status</th>
            <th scope="col" className={`${TH} text-right`}>Preço mensal</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={TD}>
                {row.clientId ? (
                  <a className={LINK} href={`/admin/clients/${row.clientId}`}>
                    {row.clientName}
                  </a>
                ) : (
                  row.clientName
                )}
              </td>
              <th scope="row" className={`${TD} text-left font-normal`}>
                <a className={LINK} href={`/admin/projects/${row.id}`}>
                  {row.projectTitle}
                </a>
              </th>
              <td className={TD}>{planLabel(row.plan)}</td>
              <td className={TD}>
                <ProjectStatusBadge status={row.status} />
              </td>
              <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{priceText(row.monthlyPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
