// The plan picker: the four monthly plans, the advanced one highlighted.
import Check from 'lucide-react/icons/check';
import { PLANS, planActionText, type Plan } from '../../lib/domain/plans';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { useReturnFocus } from './useReturnFocus';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/Dialog';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (plan: Plan) => void;
}

export function PlanPickerDialog({ open, onOpenChange, onSelect }: Props) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="!max-w-6xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle className="text-xl sm:text-2xl">Escolha o Plano Ideal para Você</DialogTitle>
          <DialogDescription>Selecione um dos nossos pacotes de serviços de IA para iniciar seu projeto.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} onSelect={onSelect} />
            </li>
          ))}
        </ul>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Fechar</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function PlanCard({ plan, onSelect }: { plan: Plan; onSelect: (plan: Plan) => void }) {
  const headingId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'relative flex h-full flex-col gap-4 rounded-lg border bg-white p-5',
        plan.highlight ? 'border-2 border-brand-600 shadow-lg' : 'border-slate-200',
      )}
    >
      {plan.highlight && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
          Mais Popular
        </p>
      )}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="text-slate-900">
        <span className="text-3xl font-bold">{plan.priceText}</span>
        {plan.priceSuffix && <span className="text-sm text-slate-500">{plan.priceSuffix}</span>}
      </p>
      <ul className="flex flex-1 flex-col gap-2 text-sm text-slate-700">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-600" />
            {f}
          </li>
        ))}
      </ul>
      <Button
        variant={plan.highlight ? 'default' : 'outline'}
        className="w-full"
        aria-describedby={headingId}
        onClick={() => onSelect(plan)}
      >
        {planActionText(plan)}
      </Button>
    </section>
  );
}
