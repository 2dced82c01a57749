// /admin/billing: the billing desk (the invoices; see billing/InvoiceDesk) and, below it, the projects that have a plan,
// with their monthly price and the totals per plan and overall (by default the pending and in-progress ones; a filter
// shows all): what the month's job bills.
import { useEffect, useState } from 'react';
import { billingTotals, listBilling, type BillingRow, type BillingScope, type BillingTotals } from '../lib/data/billing';
import { planLabel } from '../lib/domain/figures-rules';
import { formatCurrency } from '../lib/domain/format';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { BillingTable } from '../components/figures/BillingTable';
import { FigureTable } from '../components/figures/FigureTable';
import { usePagedList } from './hooks/usePagedList';
import { Card } from '../components/ui/Card';
import { Label } from '../components/ui/Label';
import { PagedList } from '../components/ui/PagedList';
import { Select } from '../components/ui/Select';
import { InvoiceDesk } from './billing/InvoiceDesk';

const SCOPES: { value: BillingScope; label: string }[] = [
  { value: 'active', label: 'Pendentes e em andamento' },
  { value: 'all', label: 'Todos' },
];

export default function AdminBillingScreen() {
  const [scope, setScope] = useState<BillingScope>('active');
  const [totals, setTotals] = useState<BillingTotals | null>(null);
  const [totalsFailed, setTotalsFailed] = useState(false);

  const list = usePagedList<BillingRow>((offset) => listBilling({ scope, offset }), scope, {
    enabled: true,
    onError: (error) => toast({ title: 'Erro ao carregar o faturamento', description: errorMessage(error), variant: 'destructive' }),
  });

  useEffect(() => {
    let live = true;
    setTotalsFailed(false);
    setTotals(null);
    billingTotals(scope)
      .then((t) => live && setTotals(t))
      .catch(() => live && setTotalsFailed(true));
    return () => {
      live = false;
    };
  }, [scope]);

  return (
    <div>
      <InvoiceDesk />
      <section aria-labelledby="billing-totals-heading" className="mb-6">
        <h2 id="billing-totals-heading" className="text-lg font-semibold text-slate-900 mb-4">
          Planos dos projetos
        </h2>
        <Card className="p-6">
        {totalsFailed ? (
          <p className="text-sm text-slate-700" role="alert">
            Não foi possível carregar os totais.
          </p>
        ) : (
          <div aria-busy={totals === null} className="min-h-[16rem]">
            <FigureTable
              caption="Totais por plano"
              testId="billing-totals"
              headers={['Plano', 'Projetos', 'Total mensal']}
              rows={(totals?.perPlan ?? []).map((t) => ({
                key: t.plan,
                cells: [planLabel(t.plan), t.projects, formatCurrency(t.monthlyTotal)],
              }))}
              footer={
                totals ? ['Total geral', totals.overall.projects, formatCurrency(totals.overall.monthlyTotal)] : undefined
              }
            />
          </div>
        )}
        </Card>
      </section>

      <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="text-lg font-semibold text-slate-900">Projetos com plano</h2>
        <div className="flex items-center gap-2">
          <Label htmlFor="billing-scope">Mostrar</Label>
          <Select
            id="billing-scope"
            className="w-auto"
            value={scope}
            onChange={(e) => setScope(e.target.value === 'all' ? 'all' : 'active')}
          >
            {SCOPES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <PagedList
        list={list}
        loadingLabel="Carregando o faturamento..."
        errorText="Não foi possível carregar o faturamento."
        empty={
          <p className="text-sm text-slate-700">
            {scope === 'active' ? 'Nenhum projeto com plano pendente ou em andamento.' : 'Nenhum projeto com plano.'}
          </p>
        }
        footer={{ noun: 'projetos', total: totals && !list.refreshing ? totals.overall.projects : null }}
        dim={false}
      >
        {(rows) => <BillingTable rows={rows} />}
      </PagedList>
    </div>
  );
}
