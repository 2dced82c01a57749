// Axe on every route, signed out, as the demo client, as a client with an invoice and as the admin, at 390 px and
// 1280 px: no violation of any impact under WCAG 2.2 A/AA and axe's best practices. Dialogs and menus are checked open in the specs of their flows
// (see the end of this file for the shell's menu).
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y-helpers';
import { createConfirmedUser, DEMO, expect, loginAs, serviceClient, test, type TestUser } from './fixtures';

interface Ids {
  project: string;
  crmClient: string;
  agencyClient: string;
  ticket: string;
  invoice: string;
}

async function demoIds(): Promise<Ids> {
  const db = serviceClient();
  const { data: users } = await db.from('profiles').select('id, email').in('email', [DEMO.client.email]);
  const clientId = users?.[0]?.id as string;
  const first = async (table: string, build: (q: any) => any) => {
    const { data, error } = await build(db.from(table as never).select('id')).limit(1);
    if (error || !data?.[0]) throw new Error(`sem linha em ${table}: ${error?.message ?? 'vazia'}`);
    return (data[0] as { id: string }).id;
  };
  return {
    project: await first('projects', (q) => q.eq('user_id', clientId).order('created_at', { ascending: false })),
    crmClient: await first('clients', (q) => q.eq('owner_user_id', clientId)),
    agencyClient: await first('clients', (q) => q.is('owner_user_id', null)),
    ticket: await first('support_tickets', (q) => q.eq('user_id', clientId)),
    invoice: '',
  };
}

/** A client of their own with one open invoice (the demo data has none), issued as the agency issues it. */
async function billedClient(): Promise<{ user: TestUser; invoice: string }> {
  const user = await createConfirmedUser({ name: 'Cliente Faturado' });
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const { data, error } = await serviceClient()
    .rpc('save_invoice', {
      invoice_id: crypto.randomUUID(),
      client_id: user.id,
      project: null as unknown as string,
      due,
      items: [{ description: 'Configuração inicial', quantity: 1, unit_cents: 150000 }],
    })
    .single();
  if (error || !data) throw new Error(`save_invoice falhou: ${error?.message}`);
  return { user, invoice: (data as { id: string }).id };
}

type Who = 'anon' | 'client' | 'billed' | 'admin';
const ROUTES: { who: Who; path: (ids: Ids) => string; ready: (page: Page) => Promise<unknown> }[] = [
  { who: 'anon', path: () => '/', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { who: 'anon', path: () => '/login', ready: (p) => expect(p.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible() },
  { who: 'anon', path: () => '/register', ready: (p) => expect(p.getByRole('heading', { name: 'Criar sua conta' })).toBeVisible() },
  { who: 'anon', path: () => '/forgot-password', ready: (p) => expect(p.getByRole('heading', { name: 'Esqueceu sua senha?' })).toBeVisible() },
  { who: 'anon', path: () => '/reset-password', ready: (p) => expect(p.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible() },
  { who: 'anon', path: () => '/confirm-email', ready: (p) => expect(p.getByText('Link de confirmação inválido ou incompleto.')).toBeVisible() },
  { who: 'anon', path: () => '/pagina-inexistente', ready: (p) => expect(p.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible() },
  { who: 'client', path: () => '/dashboard', ready: mainHeading },
  { who: 'client', path: () => '/projects', ready: mainHeading },
  { who: 'client', path: (ids) => `/projects/${ids.project}`, ready: mainHeading },
  { who: 'client', path: () => '/support', ready: mainHeading },
  { who: 'client', path: (ids) => `/support/${ids.ticket}`, ready: mainHeading },
  { who: 'client', path: () => '/profile', ready: mainHeading },
  { who: 'client', path: () => '/tasks', ready: mainHeading },
  { who: 'client', path: () => '/my-clients', ready: mainHeading },
  { who: 'client', path: () => '/my-clients/new', ready: mainHeading },
  { who: 'client', path: (ids) => `/my-clients/${ids.crmClient}`, ready: mainHeading },
  { who: 'client', path: (ids) => `/my-clients/edit/${ids.crmClient}`, ready: mainHeading },
  { who: 'billed', path: () => '/invoices', ready: mainHeading },
  { who: 'billed', path: (ids) => `/invoices/${ids.invoice}`, ready: mainHeading },
  { who: 'admin', path: () => '/admin/dashboard', ready: mainHeading },
  { who: 'admin', path: () => '/admin/clients', ready: mainHeading },
  { who: 'admin', path: () => '/admin/clients/new', ready: mainHeading },
  { who: 'admin', path: (ids) => `/admin/clients/${ids.agencyClient}`, ready: mainHeading },
  { who: 'admin', path: (ids) => `/admin/clients/edit/${ids.agencyClient}`, ready: mainHeading },
  { who: 'admin', path: () => '/admin/projects-management', ready: mainHeading },
  { who: 'admin', path: (ids) => `/admin/projects/${ids.project}`, ready: mainHeading },
  { who: 'admin', path: () => '/admin/support', ready: mainHeading },
  { who: 'admin', path: (ids) => `/admin/support/${ids.ticket}`, ready: mainHeading },
  { who: 'admin', path: () => '/admin/billing', ready: mainHeading },
  { who: 'admin', path: () => '/admin/collaborators', ready: mainHeading },
  { who: 'admin', path: () => '/admin/analytics', ready: mainHeading },
  { who: 'admin', path: () => '/admin/settings', ready: mainHeading },
];

/** A signed-in screen is ready when its heading is there and nothing says it is still loading. */
async function mainHeading(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-guard="loading"]')).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('status', { name: /Carregando/ })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

// The sweep is the suite's longest file: its tests spread over the workers instead of running one after another.
test.describe.configure({ mode: 'parallel' });

let ids: Ids;
let billed: TestUser;
test.beforeAll(async () => {
  const billing = await billedClient();
  billed = billing.user;
  ids = { ...(await demoIds()), invoice: billing.invoice };
});

// One test per visitor and width (one sign-in), visiting its routes in turn: a route's violations are reported with
// its path and width, and do not stop the routes after it from being checked.
for (const width of [1280, 390]) {
  for (const who of ['anon', 'client', 'billed', 'admin'] as const) {
    const routes = ROUTES.filter((r) => r.who === who);
    test(`axe em ${width} px, ${who}: ${routes.length} rotas sem violações`, async ({ page }) => {
      test.setTimeout(60_000 + routes.length * 30_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [i, route] of routes.entries()) {
        const path = route.path(ids);
        if (who !== 'anon' && i === 0) await loginAs(page, who === 'billed' ? billed : who, path);
        else await page.goto(path);
        await route.ready(page);
        await expectNoAxeViolations(page, `${path} como ${who} em ${width} px`, { soft: true });
      }
    });
  }
}

test('o menu aberto das áreas logadas em 390 px passa no axe (cliente e admin)', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [who, path, name] of [
    ['client', '/dashboard', 'Menu do cliente'],
    ['admin', '/admin/dashboard', 'Menu do administrador'],
  ] as const) {
    await loginAs(page, who, path);
    await mainHeading(page);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await expectNoAxeViolations(page, `${path} com o menu aberto`);
  }
});

test('os diálogos abertos passam no axe: planos, nova tarefa e o novo projeto da agência', async ({ page }) => {
  test.setTimeout(120_000);
  for (const [who, path, button, dialog] of [
    ['client', '/projects', 'Novo Projeto', 'Escolha o Plano Ideal para Você'],
    ['client', '/tasks', 'Nova Tarefa', 'Criar Nova Tarefa'],
    ['admin', '/admin/projects-management', 'Novo Projeto', 'Novo Projeto'],
  ] as const) {
    await loginAs(page, who, path);
    await mainHeading(page);
    await page.getByRole('main').getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, `${path} com o diálogo '${dialog}' aberto`);
  }
});
