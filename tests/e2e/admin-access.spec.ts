// The admin console: who gets in, the sidebar, the analytics tabs, the billing route behind the dashboard's quick link, and axe.
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { test, expect, loginAs, serviceClient } from './fixtures';

/** Every admin route with the heading it shows and the sidebar entry that must be highlighted. */
const ROUTES = [
  { path: '/admin/dashboard', heading: 'Dashboard Principal', nav: 'Dashboard Principal' },
  { path: '/admin/clients', heading: 'Gestão de Clientes', nav: 'Gestão de Clientes' },
  { path: '/admin/clients/new', heading: 'Adicionar Novo Cliente', nav: 'Gestão de Clientes' },
  { path: '/admin/projects-management', heading: 'Gestão de Projetos', nav: 'Gestão de Projetos' },
  { path: '/admin/support', heading: 'Suporte ao Cliente', nav: 'Suporte ao Cliente' },
  { path: '/admin/collaborators', heading: 'Colaboradores e Tarefas', nav: 'Colaboradores e Tarefas' },
  { path: '/admin/analytics', heading: 'Analytics e Relatórios', nav: 'Analytics e Relatórios' },
  { path: '/admin/settings', heading: 'Configurações do Sistema', nav: 'Configurações do Sistema' },
] as const;

/** A real client row for the detail route (created by the service role, removed at the end). */
async function withSampleClient<T>(fn: (id: string) => Promise<T>): Promise<T> {
  const service = serviceClient();
  const { data, error } = await service
    .from('clients')
    .insert({ full_name: 'Cliente Rota Admin', email: `rota-${Date.now()}@exemplo.com.br`, status: 'prospect' })
    .select('id')
    .single();
  if (error) throw error;
  try {
    return await fn(data.id);
  } finally {
    await service.from('clients').delete().eq('id', data.id);
  }
}

test.describe('acesso ao console admin', () => {
  // One sign-in visits every route; a route that fails is named and the others are still checked.
  test('o admin de demonstração abre cada rota do console e o menu lateral destaca a sua entrada', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Navegação do administrador' }).first();
    for (const [i, route] of ROUTES.entries()) {
      if (i === 0) await loginAs(page, 'admin', route.path);
      else await page.goto(route.path);
      await expect.soft(page, route.path).toHaveURL(new RegExp(`${route.path}/?$`));
      await expect.soft(page.getByRole('heading', { level: 1, name: route.heading }), route.path).toBeVisible();
      await expect.soft(nav.getByRole('link', { name: route.nav }), `${route.path}: "${route.nav}" destacado`).toHaveAttribute('aria-current', 'page');
      await expect.soft(nav.locator('[aria-current="page"]'), `${route.path}: um só destaque`).toHaveCount(1);
    }
  });

  test('o admin abre /admin/clients/{id} (também recarregando) com "Gestão de Clientes" destacado', async ({ page }) => {
    await withSampleClient(async (id) => {
      await loginAs(page, 'admin', `/admin/clients/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Cliente Rota Admin' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Navegação do administrador' }).first();
      await expect(nav.getByRole('link', { name: 'Gestão de Clientes' })).toHaveAttribute('aria-current', 'page');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Cliente Rota Admin' })).toBeVisible();
    });
  });

  test('/admin leva ao /admin/dashboard', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Principal' })).toBeVisible();
  });

  test('um cliente que abre qualquer rota do console é mandado para /dashboard', async ({ page }) => {
    const paths = [...ROUTES.map((r) => r.path), '/admin', '/admin/billing', '/admin/clients/00000000-0000-4000-8000-000000000000'];
    for (const [i, path] of paths.entries()) {
      if (i === 0) await loginAs(page, 'client', path);
      else await page.goto(path);
      await expect.soft(page, path).toHaveURL(/\/dashboard\/?$/);
      await expect.soft(page.getByText('Gestão de Clientes'), path).toHaveCount(0);
    }
  });

  test('o atalho "Faturamento" do dashboard abre /admin/billing', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/dashboard');
    const quick = page.getByRole('link', { name: /Faturamento/ });
    await expect(quick).toHaveAttribute('href', '/admin/billing');
    await quick.click();
    await expect(page).toHaveURL(/\/admin\/billing\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Faturamento' })).toBeVisible();
  });
});

test.describe('analytics', () => {
  test.beforeEach(async ({ page }) => {
    await loginAs(page, 'admin');
  });

  test('analytics tem as abas Visão Geral, Clientes, Projetos e Financeiro', async ({ page }) => {
    await page.goto('/admin/analytics');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Visão Geral', 'Clientes', 'Projetos', 'Financeiro']);
    await expect(page.getByRole('table', { name: 'Novos por mês (últimos 12 meses)' })).toBeVisible();
    await page.getByRole('tab', { name: 'Financeiro' }).click();
    await expect(page.getByRole('table', { name: 'Receita mensal recebida (faturas pagas, últimos 12 meses)' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Novos por mês (últimos 12 meses)' })).toBeHidden();
  });
});

// The console's routes themselves are checked by a11y.spec.ts (every impact, 390 and 1280 px); these are the states
// it does not reach: a client without an account, and an id that matches nobody.
test.describe('acessibilidade (axe): nenhuma violação séria ou crítica', () => {
  test('em /admin/clients/{id}', async ({ page }) => {
    await withSampleClient(async (id) => {
      await loginAs(page, 'admin', `/admin/clients/${id}`);
      await expect(page.getByText('Este cliente ainda não tem conta no portal.').first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });

  test('em /admin/clients/{id} desconhecido', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/clients/7d0b3c8e-0000-4000-8000-00000000abcd');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});
