// Data module of the admin console's figures: the dashboard cards, 'Atividade Recente' and the analytics tabs. Every
// number is computed by the database (admin RPCs over tallies the triggers keep); anyone but an admin gets the server's
// 42501 error, and the activity feed answers a non-admin with no rows (row-level security).
import type { ActivityEvent } from '../domain/figures-rules';
import { supabase } from './supabase';
import { run, toDataError } from './data-errors';
import { personLabel } from '../domain/profile-rules';

export interface DashboardFigures {
  totalClients: number;
  activeProjects: number;
  monthlyRevenue: number;
  openTickets: number;
}

const num = (value: unknown): number => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The four dashboard cards in one round trip (rpc admin_dashboard_figures). */
export async function dashboardFigures(): Promise<DashboardFigures> {
  const { data, error, status } = await run(() => supabase.rpc('admin_dashboard_figures').single());
  if (error) throw toDataError(error, status, 'Não foi possível carregar os indicadores.');
  return {
    totalClients: num(data?.total_clients),
    activeProjects: num(data?.active_projects),
    monthlyRevenue: num(data?.monthly_revenue),
    openTickets: num(data?.open_tickets),
  };
}

/** The columns of the feed and the actor's name through activity_log_actor_id_fkey. */
export const ACTIVITY_SELECT =
  'id, kind, subject_id, label, detail, created_at, actor:profiles!activity_log_actor_id_fkey(full_name, email)';
interface ActivityRow {
  id: number;
  kind: string;
  subject_id: string;
  label: string;
  detail: string | null;
  created_at: string;
  actor: { full_name: string | null; email: string | null } | null;
}

/** The `limit` latest events of the activity log, newest first (one index walk). */
export async function recentActivity(limit = 10): Promise<ActivityEvent[]> {
  const { data, error, status } = await run(() =>
    supabase
      .from('activity_log')
      .select(ACTIVITY_SELECT)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit)
      .overrideTypes<ActivityRow[], { merge: false }>(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar a atividade recente.');
  return (data ?? []).map((r) => ({
    id: r.id,
    kind: r.kind,
    subjectId: r.subject_id,
    label: r.label,
    detail: r.detail,
    createdAt: r.created_at,
    actorName: personLabel(r.actor) || null,
  }));
}

export interface MonthFigures {
  /** First day of the month, 'YYYY-MM-DD'. */
  month: string;
  newClients: number;
  newProjects: number;
  newTickets: number;
}

/** 'Visão Geral': new agency clients, projects and tickets in each of the last 12 months, oldest first. */
export async function analyticsMonthly(): Promise<MonthFigures[]> {
  const { data, error, status } = await run(() => supabase.rpc('admin_analytics_monthly'));
  if (error) throw toDataError(error, status, 'Não foi possível carregar os números por mês.');
  return (data ?? []).map((r) => ({
    month: String(r.month),
    newClients: num(r.new_clients),
    newProjects: num(r.new_projects),
    newTickets: num(r.new_tickets),
  }));
}

export interface ClientBreakdown {
  /** Agency clients per status code. */
  byStatus: Record<string, number>;
  /** Agency clients per source code ('' = not informed). */
  bySource: Record<string, number>;
}

/** 'Clientes': the agency's clients per status and per source (every code, zeros included). */
export async function analyticsClients(): Promise<ClientBreakdown> {
  const { data, error, status } = await run(() => supabase.rpc('admin_analytics_clients'));
  if (error) throw toDataError(error, status, 'Não foi possível carregar os números de clientes.');
  const result: ClientBreakdown = { byStatus: {}, bySource: {} };
  for (const r of data ?? []) {
    if (r.dimension === 'status') result.byStatus[r.key] = num(r.count);
    else if (r.dimension === 'source') result.bySource[r.key ?? ''] = num(r.count);
  }
  return result;
}

export interface ProjectGroup {
  count: number;
  /** Average progress of the group's projects that have one; null when none has. */
  averageProgress: number | null;
  /** Sum of monthly_price of the group's projects in progress. */
  monthlyRevenue: number;
}

export interface ProjectBreakdown {
  byStatus: Record<string, ProjectGroup>;
  /** Per plan code ('' = no plan). */
  byPlan: Record<string, ProjectGroup>;
}

/** 'Projetos': projects per status and per plan, average progress and revenue in progress. */
export async function analyticsProjects(): Promise<ProjectBreakdown> {
  const { data, error, status } = await run(() => supabase.rpc('admin_analytics_projects'));
  if (error) throw toDataError(error, status, 'Não foi possível carregar os números de projetos.');
  const result: ProjectBreakdown = { byStatus: {}, byPlan: {} };
  for (const r of data ?? []) {
    const group: ProjectGroup = {
      count: num(r.count),
      averageProgress: r.average_progress === null || r.average_progress === undefined ? null : num(r.average_progress),
      monthlyRevenue: num(r.monthly_revenue),
    };
    if (r.dimension === 'status') result.byStatus[r.key] = group;
    else if (r.dimension === 'plan') result.byPlan[r.key ?? ''] = group;
  }
  return result;
}

export interface ReceivedMonth {
  /** First day of the month, 'YYYY-MM-DD'. */
  month: string;
  /** What the paid invoices of the month (by payment date, São Paulo) add up to, in centavos. */
  receivedCents: number;
  paidCount: number;
}

/** 'Financeiro': the payments received in each of the last 12 months (paid invoices by payment month), oldest first. */
export async function analyticsReceived(): Promise<ReceivedMonth[]> {
  const { data, error, status } = await run(() => supabase.rpc('admin_analytics_received'));
  if (error) throw toDataError(error, status, 'Não foi possível carregar os recebimentos.');
  return (data ?? []).map((r) => ({ month: String(r.month), receivedCents: num(r.received_cents), paidCount: num(r.paid_count) }));
}
