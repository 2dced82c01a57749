// Data module of 'Faturamento': the projects that have a plan, with their monthly price, and the totals per plan. It
// reports what the portal knows; nothing here charges anyone. Admins only (the RPCs answer 42501 to anyone else).
import { PLAN_CODES } from '../domain/figures-rules';
import { supabase } from './supabase';
import { run, toDataError } from './data-errors';

/** 'active' = pending and in progress (the default); 'all' adds the completed ones. */
export type BillingScope = 'active' | 'all';

export interface BillingRow {
  /** The project's id. */
  id: string;
  projectTitle: string;
  /** The account's agency client name, else the account's name or e-mail. */
  clientName: string;
  /** The agency client record of the project's account, when there is one. */
  clientId: string | null;
  plan: string;
  status: string;
  /** null: a custom plan not priced yet. */
  monthlyPrice: number | null;
  createdAt: string;
}

export const BILLING_PAGE_SIZE = 50;

export interface ListBillingOptions {
  scope?: BillingScope;
  offset?: number;
  limit?: number;
}

/** One page of priced projects, newest first (rpc admin_billing, one row more than the page to know if there are more). */
export async function listBilling({ scope = 'active', offset = 0, limit = BILLING_PAGE_SIZE }: ListBillingOptions = {}): Promise<{
  rows: BillingRow[];
  hasMore: boolean;
  total: number | null;
}> {
  const { data, error, status } = await run(() =>
    supabase.rpc('admin_billing', { status_scope: scope, page_offset: offset, page_limit: limit + 1 }),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar o faturamento.');
  const rows = (data ?? []).map(
    (r): BillingRow => ({
      id: r.project_id,
      projectTitle: r.project_title,
      clientName: r.client_name ?? '',
      clientId: r.client_id ?? null,
      plan: r.plan,
      status: r.status,
      monthlyPrice: r.monthly_price === null || r.monthly_price === undefined ? null : Number(r.monthly_price),
      createdAt: r.created_at,
    }),
  );
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit, total: null };
}

export interface PlanTotal {
  plan: string;
  projects: number;
  monthlyTotal: number;
}

export interface BillingTotals {
  /** Every plan in the console's order (essential, advanced, premium, enterprise), zeros included. */
  perPlan: PlanTotal[];
  overall: { projects: number; monthlyTotal: number };
}

/** Projects and monthly total per plan and overall for a scope (rpc admin_billing_totals, from the tallies). */
export async function billingTotals(scope: BillingScope = 'active'): Promise<BillingTotals> {
  const { data, error, status } = await run(() => supabase.rpc('admin_billing_totals', { status_scope: scope }));
  if (error) throw toDataError(error, status, 'Não foi possível carregar os totais do faturamento.');
  const totals: BillingTotals = { perPlan: [], overall: { projects: 0, monthlyTotal: 0 } };
  for (const r of data ?? []) {
    const entry = { projects: Number(r.projects) || 0, monthlyTotal: Number(r.monthly_total) || 0 };
    if (r.plan === null) totals.overall = entry;
    else totals.perPlan.push({ plan: r.plan, ...entry });
  }
  const rank = (plan: string) => {
    const i = (PLAN_CODES as readonly string[]).indexOf(plan);
    return i === -1 ? PLAN_CODES.length : i;
  };
  totals.perPlan.sort((a, b) => rank(a.plan) - rank(b.plan));
  return totals;
}
