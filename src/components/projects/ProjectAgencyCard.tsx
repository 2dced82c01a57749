// What the agency sees of a project besides the client's view: whose project it is (name and e-mail), the plan and
// the monthly price; in edit mode the plan and the price become fields.
import { formatCurrency } from '../../lib/domain/format';
import { PLAN_OPTIONS, planLabel, type PlanDraft } from '../../lib/domain/project-admin-rules';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/Card';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { Select } from '../ui/Select';

interface Props {
  client: { full_name: string | null; email: string | null } | null;
  plan: string | null;
  monthlyPrice: number | null;
  editing: boolean;
  draft: PlanDraft;
  priceError: string | null;
  disabled: boolean;
  onDraftChange: (draft: PlanDraft) => void;
}

export function ProjectAgencyCard({ client, plan, monthlyPrice, editing, draft, priceError, disabled, onDraftChange }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cliente e Plano</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">Cliente</p>
          <p className="mt-1 break-words text-slate-900 [overflow-wrap:anywhere]" data-testid="project-client-name">
            {client?.full_name || 'Sem nome'}
          </p>
          {client?.email && (
            <a href={`mailto:${client.email}`} className="break-all text-sm text-brand-700 underline-offset-2 hover:underline">
              {client.email}
            </a>
          )}
        </div>
        {editing ? (
          <>
            <FormField label="Plano">
              <Select value={draft.plan} disabled={disabled} onChange={(e) => onDraftChange({ ...draft, plan: e.target.value })}>
                <option value="">Sem plano</option>
                {PLAN_OPTIONS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Preço mensal (R$)" hint="Vazio: a definir." error={priceError}>
              <Input
                inputMode="decimal"
                value={draft.monthlyPrice}
                disabled={disabled}
                onChange={(e) => onDraftChange({ ...draft, monthlyPrice: e.target.value })}
              />
            </FormField>
          </>
        ) : (
          <>
            <div>
              <p className="text-sm font-medium text-slate-500">Plano</p>
              <p className="mt-1 text-slate-900">{planLabel(plan)}</p>
            </div>
            <div>
              <p className="text-sm font-medium text-slate-500">Preço mensal</p>
              <p className="mt-1 text-slate-900">{monthlyPrice === null ? 'A definir' : formatCurrency(monthlyPrice)}</p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
