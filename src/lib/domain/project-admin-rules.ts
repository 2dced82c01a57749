// What the agency edits on a project besides the client's fields: the plan and the monthly price (BRL). The database
// refuses both from a client and a negative price from anyone; a plan change without a new price takes the plan's list
// price.
import { PLANS, type PlanId } from './plans';

export const PLAN_OPTIONS: readonly { id: PlanId; label: string }[] = PLANS.map((p) => ({ id: p.id, label: p.name }));

/** The plan's name ('Pacote Avançado IA'), or 'Sem plano'. */
export function planLabel(plan: string | null | undefined): string {
  return PLANS.find((p) => p.id === plan)?.name ?? 'Sem plano';
}

export const isPlanId = (value: unknown): value is PlanId => PLANS.some((p) => p.id === value);

/** The edited plan and price: the plan id or '' (none), the price as typed. */
export interface PlanDraft {
  plan: string;
  monthlyPrice: string;
}

/** The price as the field shows it: 1999.5 → '1999,50', null → ''. */
export function priceForInput(price: number | null): string {
  return price === null ? '' : price.toFixed(2).replace('.', ',').replace(/,00$/, '');
}

/**
 * A typed price: '' → null (not set), '1.999,50' / '1999,5' / '1999.50' → 1999.5; anything else, a negative value or
 * more than two decimals → an error in pt-BR.
 */
export function parseMonthlyPrice(text: string): { value: number | null } | { error: string } {
  const t = text.trim().replace(/^R\$\s*/i, '');
  if (t === '') return { value: null };
  // pt-BR: '.' groups thousands and ',' is the decimal mark; a lone '.' followed by 1-2 digits is a decimal point.
  const normalised = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : /^\d+\.\d{1,2}$/.test(t) ? t : t.replace(/\./g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(normalised)) return { error: 'Informe o preço mensal em reais, por exemplo 1.500,00.' };
  const value = Number(normalised);
  if (value < 0) return { error: 'O preço mensal não pode ser negativo.' };
  return { value };
}

/**
 * The plan and price part of an admin's save: only what changed, so a plan change with the price untouched lets the
 * database take the new plan's list price. An invalid price is an error.
 */
export function buildPlanPatch(
  stored: { plan: string | null; monthly_price: number | null },
  draft: PlanDraft,
): { patch: { plan?: PlanId | null; monthly_price?: number | null } } | { error: string } {
  const price = parseMonthlyPrice(draft.monthlyPrice);
  if ('error' in price) return price;
  const patch: { plan?: PlanId | null; monthly_price?: number | null } = {};
  const plan = isPlanId(draft.plan) ? draft.plan : null;
  if (plan !== stored.plan) patch.plan = plan;
  if (price.value !== stored.monthly_price) patch.monthly_price = price.value;
  return { patch };
}
