// The admin console's figures come from the database: the dashboard cards, 'Atividade Recente', the analytics tables
// and billing move when a client creates a project from a plan, the agency prices and advances it, and a ticket is
// opened and answered (changes made through supabase-js as the client and as an admin; the screen is watched after a
// reload). A client opening these routes is refused.
//
// Other spec files may change the same figures at the same time (two workers): each check compares the screen with what
// the admin RPC answers at that moment and requires the move this test made (at least its own delta).
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types';
import { formatCurrency } from '../../src/lib/domain/format';
import { anonClient, createConfirmedUser, DEMO, expect, loginAs, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';

type Db = SupabaseClient<Database>;

async function signedIn(email: string, password: string): Promise<Db> {
  const db = anonClient();
  const { error } = await db.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return db;
}

interface Figures {
  totalClients: number;
  activeProjects: number;
  monthlyRevenue: number;
  openTickets: number;
}

async function dbFigures(admin: Db): Promise<Figures> {
  const { data, error } = await admin.rpc('admin_dashboard_figures').single();
  if (error) throw error;
  return {
    totalClients: Number(data.total_clients),
    activeProjects: Number(data.active_projects),
    monthlyRevenue: Number(data.monthly_revenue),
    openTickets: Number(data.open_tickets),
  };
}

const CARDS = {
  totalClients: 'Total de Clientes',
  activeProjects: 'Projetos Ativos',
  monthlyRevenue: 'Receita Mensal',
  openTickets: 'Tickets Abertos',
} as const;

/** The value a dashboard card shows (the paragraph after its label). */
function card(page: Page, label: string) {
  return page.getByTestId('admin-figures').getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');
}

const shown = (key: keyof Figures, f: Figures) => (key === 'monthlyRevenue' ? formatCurrency(f[key]) : String(f[key]));

/**
 * Reloads until the cards show what the database answers, and returns those figures; `moved` checks them against the
 * figures before this test's change.
 */
async function cardsAfterReload(page: Page, admin: Db, moved?: (now: Figures) => void): Promise<Figures> {
  let now: Figures | null = null;
  await expect(async () => {
    await page.reload();
    await expect(card(page, CARDS.openTickets)).not.toHaveAttribute('aria-busy', 'true', { timeout: 5000 });
    const db = await dbFigures(admin);
    for (const key of Object.keys(CARDS) as (keyof Figures)[]) {
      await expect(card(page, CARDS[key])).toHaveText(shown(key, db), { timeout: 2000 });
    }
    moved?.(db);
    now = db;
  }).toPass({ timeout: 30_000 });
  return now as unknown as Figures;
}

function feedLine(page: Page, text: string) {
  return page.getByTestId('activity-feed').getByRole('listitem').filter({ hasText: text });
}

test.describe('os números do console vêm do banco', () => {
  test('cartões, atividade recente, analytics e faturamento se movem com um projeto e um ticket', async ({ page }) => {
    test.setTimeout(120_000);
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const title = `Projeto Números ${tag}`;
    const subject = `Ticket Números ${tag}`;
    const price = 4321.09;
    const user = await createConfirmedUser({ name: `Cliente Números ${tag}` });
    const client = await signedIn(user.email, user.password);
    const admin = await signedIn(DEMO.admin.email, DEMO.admin.password);

    await loginAs(page, 'admin', '/admin/dashboard');
    const before = await cardsAfterReload(page, admin);
    // The sign-up is in the feed, linked to the agency client it created.
    const { data: agencyClient } = await admin.from('clients').select('id').eq('account_user_id', user.id).single();
    await expect(feedLine(page, `Novo cadastro no portal: ${user.name}`).getByRole('link')).toHaveAttribute(
      'href',
      `/admin/clients/${agencyClient!.id}`,
    );

    // A client creates a project from the custom plan (no price yet): pending, so no card moves, the feed does.
    const created = await client.from('projects').insert({ title, plan: 'enterprise', status: 'pending' }).select('id').single();
    expect(created.error).toBeNull();
    const projectId = created.data!.id;
    await page.reload();
    const createdLine = feedLine(page, `Projeto criado: ${title}`);
    await expect(createdLine).toContainText(`por ${user.name}`);
    await expect(createdLine).toContainText(/há \d+ (segundos?|minutos?)|agora/);
    await expect(createdLine.getByRole('link')).toHaveAttribute('href', `/admin/projects/${projectId}`);

    // The agency prices it and starts it: 'Projetos Ativos' and 'Receita Mensal' move.
    expect((await admin.from('projects').update({ monthly_price: price }).eq('id', projectId)).error).toBeNull();
    expect((await admin.from('projects').update({ status: 'in-progress', progress: 40 }).eq('id', projectId)).error).toBeNull();
    const advanced = await cardsAfterReload(page, admin, (now) => {
      expect(now.activeProjects).toBeGreaterThanOrEqual(before.activeProjects + 1);
      expect(now.monthlyRevenue).toBeGreaterThanOrEqual(before.monthlyRevenue + price - 0.001);
    });
    await expect(feedLine(page, `Projeto "${title}" passou para Em andamento`)).toContainText('por Super Administrador');

    // A ticket opened by the client moves 'Tickets Abertos'; the agency's answer is in the feed, linked to the ticket.
    const ticket = await client.from('support_tickets').insert({ subject, message_content: 'Como funciona?' }).select('id').single();
    expect(ticket.error).toBeNull();
    expect((await admin.from('ticket_messages').insert({ ticket_id: ticket.data!.id, body: 'Funciona assim.' })).error).toBeNull();
    await cardsAfterReload(page, admin, (now) => {
      expect(now.openTickets).toBeGreaterThanOrEqual(advanced.openTickets + 1);
    });
    await expect(feedLine(page, `Ticket respondido: ${subject}`).getByRole('link')).toHaveAttribute(
      'href',
      `/admin/support/${ticket.data!.id}`,
    );
    await expect(feedLine(page, `Ticket aberto: ${subject}`)).toContainText(`por ${user.name}`);
    await expect(page.getByTestId('activity-feed').getByRole('listitem')).toHaveCount(10);

    // Analytics: the tables say the same as the RPCs, with this project in them.
    await page.goto('/admin/analytics');
    const { data: projects } = await admin.rpc('admin_analytics_projects');
    const inProgress = projects!.find((r) => r.dimension === 'status' && r.key === 'in-progress')!;
    const enterprise = projects!.find((r) => r.dimension === 'plan' && r.key === 'enterprise')!;
    expect(Number(enterprise.monthly_revenue)).toBeGreaterThanOrEqual(price);
    const { data: months } = await admin.rpc('admin_analytics_monthly');
    const thisMonth = months![months!.length - 1];
    const monthly = page.getByRole('table', { name: 'Novos por mês (últimos 12 meses)' });
    const monthRow = monthly.locator('tbody tr').last();
    await expect(monthRow.locator('td')).toHaveText(
      [thisMonth.new_clients, thisMonth.new_projects, thisMonth.new_tickets].map(String),
    );
    expect(Number(thisMonth.new_projects)).toBeGreaterThanOrEqual(1);
    await page.getByRole('tab', { name: 'Projetos' }).click();
    await expect(
      page.getByRole('table', { name: 'Projetos por status' }).getByRole('row', { name: /^Em andamento/ }).locator('td'),
    ).toHaveText(String(inProgress.count));
    // 'Financeiro': what was received this month (paid invoices), as the RPC says, with a payment made now in it.
    const invoiceId = crypto.randomUUID();
    const due = new Date(Date.now() + 5 * 86400_000).toISOString().slice(0, 10);
    const issued = await admin
      .rpc('save_invoice', { invoice_id: invoiceId, client_id: user.id, project: null as unknown as string, due, items: [{ description: 'Implantação', quantity: 1, unit_cents: 123450 }] })
      .single();
    expect(issued.error).toBeNull();
    expect((await admin.from('invoices').update({ status: 'paid', payment_method: 'pix', paid_at: new Date().toISOString() }).eq('id', invoiceId)).error).toBeNull();
    await page.reload();
    const { data: received } = await admin.rpc('admin_analytics_received');
    const receivedNow = received![received!.length - 1]!;
    expect(Number(receivedNow.received_cents)).toBeGreaterThanOrEqual(123450);
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    await expect(
      page.getByRole('table', { name: /Receita mensal recebida/ }).locator('tbody tr').last().locator('td'),
    ).toHaveText([String(receivedNow.paid_count), formatCurrency(Number(receivedNow.received_cents) / 100)]);
    // The charts arrive after the tables, through the adapter.
    await expect(page.getByRole('tabpanel', { name: 'Financeiro' }).getByTestId('bar-chart')).toBeVisible();

    // Billing: the project's row and the totals of its plan.
    await page.goto('/admin/billing');
    const row = page.getByTestId('billing-rows').getByRole('row').filter({ hasText: title });
    await expect(row).toContainText(user.name);
    await expect(row).toContainText('Pacote Corporativo IA');
    await expect(row).toContainText('Em andamento');
    await expect(row).toContainText(formatCurrency(price));
    const { data: totals } = await admin.rpc('admin_billing_totals', { status_scope: 'active' });
    const planTotal = totals!.find((t) => t.plan === 'enterprise')!;
    const overall = totals!.find((t) => t.plan === null)!;
    const totalsTable = page.getByTestId('billing-totals');
    await expect(totalsTable.getByRole('row', { name: /^Pacote Corporativo IA/ }).locator('td')).toHaveText([
      String(planTotal.projects),
      formatCurrency(Number(planTotal.monthly_total)),
    ]);
    await expect(totalsTable.getByRole('row', { name: /^Total geral/ }).locator('td')).toHaveText([
      String(overall.projects),
      formatCurrency(Number(overall.monthly_total)),
    ]);
    expect(Number(planTotal.monthly_total)).toBeGreaterThanOrEqual(price);

    // Completed, it leaves the default view and stays under 'Todos'.
    expect((await admin.from('projects').update({ status: 'completed', progress: 100 }).eq('id', projectId)).error).toBeNull();
    await page.reload();
    await expect(page.getByTestId('billing-rows').or(page.getByText('Nenhum projeto com plano pendente ou em andamento.'))).toBeVisible();
    await expect(page.getByTestId('billing-rows').getByText(title)).toHaveCount(0);
    await page.getByLabel('Mostrar').selectOption('all');
    await expect(page.getByTestId('billing-rows').getByRole('row').filter({ hasText: title })).toContainText('Concluído');
  });

  test('as telas não mostram mais "Dados de exemplo" nem os números fixos', async ({ page }) => {
    for (const path of ['/admin/dashboard', '/admin/analytics', '/admin/billing']) {
      await loginAs(page, 'admin', path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByText('Dados de exemplo')).toHaveCount(0);
      await expect(page.getByText('R$ 12.500,75')).toHaveCount(0);
    }
  });

  test('faturamento é a mesa de cobrança: faturas e, abaixo, os planos dos projetos', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/billing');
    await expect(page.getByText('Faturas dos clientes: emissão, pagamentos por Pix', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Gerar faturas do mês' })).toBeVisible();
    await expect(page.getByLabel('Mostrar')).toHaveValue('active');
  });

  test('as abas de analytics seguem as setas do teclado; faturamento e analytics sem violação séria de acessibilidade', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/analytics');
    await expect(page.getByRole('table', { name: 'Novos por mês (últimos 12 meses)' })).toBeVisible();
    await page.getByRole('tab', { name: 'Visão Geral' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Clientes' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Clientes' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Clientes' }).getByRole('table', { name: 'Clientes da agência por origem' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Financeiro' })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousAxeViolations(page);
    await page.goto('/admin/billing');
    await expect(page.getByTestId('billing-totals').getByRole('row', { name: /^Total geral/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('sem resposta do servidor os cartões mostram "—" e a atividade um erro; "Tentar novamente" carrega de novo', async ({ page }) => {
    let failing = true;
    const fail = (route: import('@playwright/test').Route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"falha simulada","code":"XX000"}' }) : route.continue();
    await page.route('**/rest/v1/rpc/admin_dashboard_figures*', fail);
    await page.route('**/rest/v1/activity_log*', fail);
    await loginAs(page, 'admin', '/admin/dashboard');
    await expect(card(page, CARDS.totalClients)).toHaveText('—');
    await expect(card(page, CARDS.monthlyRevenue)).toHaveText('—');
    await expect(page.getByText('Não foi possível carregar a atividade recente.')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).last().click();
    await expect(page.getByTestId('activity-feed').getByRole('listitem')).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(card(page, CARDS.totalClients)).toHaveText(/^\d+$/);
  });
});
