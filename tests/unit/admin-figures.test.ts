// The admin console's figures through the data modules (admin-figures.ts, billing.ts) against the fake client: which
// RPC or query each one sends, how the answer is shaped for the screens, and that server errors keep their message.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { dashboardFigures, recentActivity, analyticsMonthly, analyticsClients, analyticsProjects, analyticsReceived, ACTIVITY_SELECT } = await import(
  '../../src/lib/data/admin-figures'
);
const { listBilling, billingTotals } = await import('../../src/lib/data/billing');
const { DataError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
beforeEach(() => sb().reset());

const forbidden = { error: { message: 'Apenas a equipe da agência pode fazer isso.', code: '42501' }, status: 403 };

describe('dashboardFigures', () => {
  it('lê os quatro cartões numa chamada ao rpc admin_dashboard_figures e converte os números', async () => {
    sb().respond({ data: { total_clients: 7, active_projects: 3, monthly_revenue: '2997.50', open_tickets: 2 } });
    expect(await dashboardFigures()).toEqual({ totalClients: 7, activeProjects: 3, monthlyRevenue: 2997.5, openTickets: 2 });
    expect(sb().calls).toEqual([[['rpc', 'admin_dashboard_figures', undefined], ['single']]]);
  });

  it('quem não é admin recebe o erro 42501 do servidor, com a mensagem dele', async () => {
    sb().respond(forbidden);
    const err = await dashboardFigures().catch((e) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({ message: 'Apenas a equipe da agência pode fazer isso.', code: '42501', status: 403 });
  });
});

describe('recentActivity', () => {
  it('pede os 10 últimos eventos, mais recentes primeiro, com o nome de quem fez', async () => {
    sb().respond({
      data: [
        { id: 9, kind: 'ticket_answered', subject_id: 't1', label: 'Dúvida', detail: null, created_at: '2026-11-24T10:00:00Z', actor: { full_name: 'Ana', email: 'a@x.br' } },
        { id: 8, kind: 'project_created', subject_id: 'p1', label: 'Bot', detail: null, created_at: '2026-11-24T09:00:00Z', actor: { full_name: ' ', email: 'b@x.br' } },
        { id: 7, kind: 'client_added', subject_id: 'c1', label: 'Loja', detail: null, created_at: '2026-11-24T08:00:00Z', actor: null },
      ],
    });
    const events = await recentActivity();
    expect(events.map((e) => [e.id, e.subjectId, e.actorName])).toEqual([[9, 't1', 'Ana'], [8, 'p1', 'b@x.br'], [7, 'c1', null]]);
    expect(sb().calls[0]).toEqual([
      ['from', 'activity_log'],
      ['select', ACTIVITY_SELECT],
      ['order', 'created_at', { ascending: false }],
      ['order', 'id', { ascending: false }],
      ['limit', 10],
      ['overrideTypes'],
    ]);
  });

  it('um erro do servidor vira DataError com o código e a mensagem dele guardados (o texto na tela é em pt-BR)', async () => {
    sb().respond({ error: { message: 'relation does not exist', code: '42P01' }, status: 404 });
    await expect(recentActivity()).rejects.toMatchObject({ serverMessage: 'relation does not exist', code: '42P01' });
  });
});

describe('analytics', () => {
  it('Visão Geral: 12 meses do rpc, na ordem dele', async () => {
    sb().respond({ data: [{ month: '2026-10-01', new_clients: 1, new_projects: 2, new_tickets: 3 }, { month: '2026-11-01', new_clients: 4, new_projects: 0, new_tickets: 0 }] });
    expect(await analyticsMonthly()).toEqual([
      { month: '2026-10-01', newClients: 1, newProjects: 2, newTickets: 3 },
      { month: '2026-11-01', newClients: 4, newProjects: 0, newTickets: 0 },
    ]);
    expect(sb().calls[0]).toEqual([['rpc', 'admin_analytics_monthly', undefined]]);
  });

  it('Clientes: separa as contagens por status e por origem ("" = não informada)', async () => {
    sb().respond({ data: [{ dimension: 'status', key: 'lead', count: 5 }, { dimension: 'source', key: 'website', count: 4 }, { dimension: 'source', key: '', count: 1 }] });
    expect(await analyticsClients()).toEqual({ byStatus: { lead: 5 }, bySource: { website: 4, '': 1 } });
  });

  it('Projetos: contagem, progresso médio (null quando não há) e receita por status e por plano', async () => {
    sb().respond({
      data: [
        { dimension: 'status', key: 'in-progress', count: 2, average_progress: 42.5, monthly_revenue: 1498 },
        { dimension: 'status', key: 'pending', count: 0, average_progress: null, monthly_revenue: 0 },
        { dimension: 'plan', key: 'advanced', count: 1, average_progress: 50, monthly_revenue: '999.00' },
      ],
    });
    const result = await analyticsProjects();
    expect(result.byStatus['in-progress']).toEqual({ count: 2, averageProgress: 42.5, monthlyRevenue: 1498 });
    expect(result.byStatus.pending.averageProgress).toBeNull();
    expect(result.byPlan.advanced).toEqual({ count: 1, averageProgress: 50, monthlyRevenue: 999 });
  });

  it('Financeiro: recebido por mês em centavos e a contagem de faturas pagas, na ordem do rpc', async () => {
    sb().respond({ data: [{ month: '2026-10-01', received_cents: '149950', paid_count: 2 }, { month: '2026-11-01', received_cents: 0, paid_count: 0 }] });
    expect(await analyticsReceived()).toEqual([
      { month: '2026-10-01', receivedCents: 149950, paidCount: 2 },
      { month: '2026-11-01', receivedCents: 0, paidCount: 0 },
    ]);
    expect(sb().calls[0]).toEqual([['rpc', 'admin_analytics_received', undefined]]);
  });

  it('um 42501 do rpc chega à tela com a mensagem do servidor', async () => {
    sb().respond(forbidden);
    await expect(analyticsProjects()).rejects.toMatchObject({ code: '42501', status: 403 });
  });
});

describe('faturamento', () => {
  const row = (i: number) => ({
    project_id: `p${i}`, project_title: `Projeto ${i}`, plan: 'premium', status: 'in-progress', monthly_price: 1999,
    user_id: 'u1', client_id: i === 0 ? null : 'c1', client_name: 'Loja', created_at: 'c',
  });

  it('pede uma página de 51 do escopo e diz se há mais; o projeto sem preço fica com preço null', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => row(i));
    rows[1] = { ...rows[1], plan: 'enterprise', monthly_price: null as unknown as number };
    sb().respond({ data: rows });
    const page = await listBilling({ scope: 'all', offset: 50 });
    expect(sb().calls[0]).toEqual([['rpc', 'admin_billing', { status_scope: 'all', page_offset: 50, page_limit: 51 }]]);
    expect(page.rows).toHaveLength(50);
    expect(page.hasMore).toBe(true);
    expect(page.rows[0]).toEqual({ id: 'p0', projectTitle: 'Projeto 0', clientName: 'Loja', clientId: null, plan: 'premium', status: 'in-progress', monthlyPrice: 1999, createdAt: 'c' });
    expect(page.rows[1].monthlyPrice).toBeNull();
  });

  it('o escopo padrão é o dos projetos pendentes e em andamento', async () => {
    sb().respond({ data: [row(1)] });
    expect((await listBilling()).hasMore).toBe(false);
    expect(sb().calls[0][0]).toEqual(['rpc', 'admin_billing', { status_scope: 'active', page_offset: 0, page_limit: 51 }]);
  });

  it('os totais separam cada plano do total geral (plano null)', async () => {
    sb().respond({
      data: [
        { plan: 'essential', projects: 1, monthly_total: 499 },
        { plan: 'advanced', projects: 0, monthly_total: 0 },
        { plan: null, projects: 1, monthly_total: '499.00' },
      ],
    });
    expect(await billingTotals('all')).toEqual({
      perPlan: [{ plan: 'essential', projects: 1, monthlyTotal: 499 }, { plan: 'advanced', projects: 0, monthlyTotal: 0 }],
      overall: { projects: 1, monthlyTotal: 499 },
    });
    expect(sb().calls[0]).toEqual([['rpc', 'admin_billing_totals', { status_scope: 'all' }]]);
  });

  it('os planos vêm na ordem do console (Essencial, Avançado, Premium, Corporativo), não na alfabética', async () => {
    sb().respond({
      data: ['advanced', 'enterprise', 'essential', 'premium', null].map((plan) => ({ plan, projects: 0, monthly_total: 0 })),
    });
    expect((await billingTotals()).perPlan.map((t) => t.plan)).toEqual(['essential', 'advanced', 'premium', 'enterprise']);
  });

  it('um filtro inválido recusado pelo servidor (22023) chega com a mensagem dele', async () => {
    sb().respond({ error: { message: 'Filtro de faturamento inválido: x.', code: '22023' }, status: 400 });
    await expect(billingTotals()).rejects.toMatchObject({ message: 'Filtro de faturamento inválido: x.', code: '22023' });
  });
});
