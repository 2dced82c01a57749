// Plans become projects, and the agency's 'Gestão de Projetos' on real data: a client's plan choice is a pending project
// on top of the list at once (a double click makes one), a failure makes none; the admin finds it by the client's
// e-mail, filters by status and plan, and creates a project for a client with 'Novo Projeto', which the client sees.
import type { Page } from '@playwright/test';
import { expect, loginAs, serviceClient, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { failOnDialog, freshUser, screenshots, seedProjects, signIn, unique } from './projects-helpers';

test.describe.configure({ timeout: 120_000 });

async function projectsOf(userId: string) {
  const { data, error } = await serviceClient()
    .from('projects')
    .select('id, title, status, progress, plan, monthly_price')
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) throw new Error(error.message);
  return data;
}

/** Fails every project insert (POST) of the page with a PostgREST-shaped 500 until the returned function is called. */
/** What a 5xx reads as on screen: the server's English never reaches it. */
const SERVER_TROUBLE = 'O servidor teve um problema. Tente novamente em instantes.';

async function failProjectInserts(page: Page): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname.endsWith('/rest/v1/projects');
  await page.route(matcher, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }) })
      : route.continue(),
  );
  return () => page.unroute(matcher);
}

async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test.describe('Planos viram projetos', () => {
  test('Pacote Avançado IA com clique duplo: um só projeto pendente, no topo da lista, sem recarregar', async ({ page }) => {
    failOnDialog(page);
    const user = await freshUser('plano');
    await seedProjects(user.id, [{ title: 'Projeto antigo', status: 'in-progress', progress: 40, minutesAgo: 60 }]);
    await signIn(page, user, '/projects');
    await expect(page.getByRole('article')).toHaveCount(1);
    await markPage(page);

    await page.getByRole('button', { name: 'Novo Projeto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' });
    await dialog.getByRole('region', { name: 'Pacote Avançado IA' }).getByRole('button', { name: 'Selecionar Plano' }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: 'Projeto criado!' })).toContainText(
      'Seu projeto do Pacote Avançado IA foi criado. Nossa equipe entrará em contato para combinar os próximos passos.',
    );
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Pacote Avançado IA · R$ 999,00/mês');
    await expect(cards.first()).toContainText('Pendente');
    await expect(page.getByText('Exibindo 2 de 2 projetos.')).toBeVisible();
    await expectSameDocument(page);

    await expect.poll(async () => (await projectsOf(user.id)).length).toBe(2);
    const [created] = await projectsOf(user.id);
    expect(created).toMatchObject({ title: 'Pacote Avançado IA', status: 'pending', plan: 'advanced', monthly_price: 999 });
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  test('uma falha ao criar mostra o erro em pt-BR e não cria nada; escolher de novo cria o projeto', async ({ page }) => {
    const user = await freshUser('plano-falha');
    await signIn(page, user, '/projects');
    await expect(page.getByText('Crie seu primeiro projeto selecionando um plano.')).toBeVisible();
    const restore = await failProjectInserts(page);

    const novo = page.getByRole('button', { name: 'Novo Projeto' });
    await novo.click();
    const dialog = page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' });
    await dialog.getByRole('button', { name: 'Entrar em Contato' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao criar projeto' })).toContainText(SERVER_TROUBLE);
    await expect(page.getByRole('article')).toHaveCount(0);
    expect(await projectsOf(user.id)).toEqual([]);

    await restore();
    await novo.click();
    await dialog.getByRole('button', { name: 'Entrar em Contato' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText('Pacote Corporativo IA');
    const rows = await projectsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ plan: 'enterprise', monthly_price: null, status: 'pending' });
  });
});

test.describe('Escolher um plano no painel', () => {
  test('"Escolher um plano" no painel de uma conta nova cria o projeto pendente, o mostra com plano e preço e conta', async ({ page }) => {
    failOnDialog(page);
    const user = await freshUser('painel-plano');
    await signIn(page, user, '/projects');
    // The dashboard's frame paints before its code; the button is clicked as soon as it shows.
    await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Escolher um plano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' });
    await dialog.getByRole('region', { name: 'Pacote Premium IA' }).getByRole('button', { name: 'Selecionar Plano' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Projeto criado!' })).toContainText(
      'Seu projeto do Pacote Premium IA foi criado. Nossa equipe entrará em contato para combinar os próximos passos.',
    );
    await expect(page.getByText(/Pagamento/)).toHaveCount(0);
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Pacote Premium IA · R$ 1.999,00/mês');
    await expect(card).toContainText('Pendente');
    const summary = page.getByRole('region', { name: 'Resumo dos projetos' });
    await expect(summary.getByText('Total de Projetos').locator('..')).toContainText('1');
    await expect(summary.getByText('Pendentes').locator('..')).toContainText('1');
    await screenshots(page, 'painel-plano-criado');

    const rows = await projectsOf(user.id);
    expect(rows).toEqual([expect.objectContaining({ title: 'Pacote Premium IA', status: 'pending', plan: 'premium', monthly_price: 1999 })]);
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.goto('/projects');
    await expect(page.getByRole('article')).toContainText('Pacote Premium IA');
  });
});

test.describe('Gestão de Projetos da agência', () => {
  test('a admin acha o projeto pelo e-mail do cliente, filtra por status e plano, e cria um projeto que o cliente vê', async ({ page }) => {
    failOnDialog(page);
    const client = await freshUser('gestao');
    const [picked] = await seedProjects(client.id, [{ title: 'Pacote Avançado IA', status: 'pending', progress: 0 }]);
    await serviceClient().from('projects').update({ plan: 'advanced' } as never).eq('id', picked.id);

    await loginAs(page, 'admin', '/admin/projects-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Projetos' })).toBeVisible();
    await expect(page.getByText('Dados de exemplo')).toHaveCount(0);
    const rows = page.getByTestId('admin-project').filter({ visible: true });
    await expect(rows.first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar projetos por título ou cliente' }).fill(client.email.toUpperCase());
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText('Pacote Avançado IA');
    await expect(row).toContainText(client.name);
    await expect(row).toContainText(client.email);
    await expect(row).toContainText('Pendente');
    await expect(row.getByRole('link', { name: 'Pacote Avançado IA' })).toHaveAttribute('href', `/admin/projects/${picked.id}`);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(client.email.toUpperCase())}$`));

    const status = page.getByRole('combobox', { name: 'Filtrar por status' });
    const plan = page.getByRole('combobox', { name: 'Filtrar por plano' });
    await status.selectOption({ label: 'Em andamento' });
    await expect(page.getByText('Nenhum projeto corresponde aos filtros.')).toBeVisible();
    await status.selectOption({ label: 'Pendente' });
    await plan.selectOption({ label: 'Pacote Avançado IA' });
    await expect(rows).toHaveCount(1);
    await plan.selectOption({ label: 'Pacote Premium IA' });
    await expect(page.getByText('Nenhum projeto corresponde aos filtros.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByRole('searchbox', { name: 'Buscar projetos por título ou cliente' })).toHaveValue('');

    // A link from another screen: ?q= in the address.
    await page.goto(`/admin/projects-management?q=${encodeURIComponent(client.email)}`);
    await expect(page.getByRole('searchbox', { name: 'Buscar projetos por título ou cliente' })).toHaveValue(client.email);
    await expect(rows).toHaveCount(1);

    // 'Novo Projeto': validation, a failed create keeps the form, the retry creates one project.
    const title = unique('Projeto da agência');
    await page.getByRole('button', { name: 'Novo Projeto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Projeto' });
    await dialog.getByRole('button', { name: 'Criar Projeto' }).click();
    await expect(dialog.getByText('O título do projeto é obrigatório.')).toBeVisible();
    await expect(dialog.getByText('Selecione o cliente do projeto.')).toBeVisible();
    await dialog.getByLabel('Título').fill(`  ${title}  `);
    await dialog.getByRole('searchbox', { name: 'Buscar cliente por nome ou e-mail' }).fill(client.email);
    await dialog.getByRole('radio', { name: new RegExp(client.email.replace(/[.+]/g, '\\$&')) }).check();
    await dialog.getByLabel('Descrição').fill('Criado pela equipe');
    await dialog.getByLabel('Plano', { exact: true }).selectOption({ label: 'Pacote Premium IA' });
    await dialog.getByLabel('Status').selectOption({ label: 'Em andamento' });
    await expect(dialog.getByLabel('Progresso (%)')).toHaveValue('50');
    await dialog.getByLabel('Progresso (%)').fill('5');
    await expectNoSeriousAxeViolations(page);

    const restore = await failProjectInserts(page);
    await dialog.getByRole('button', { name: 'Criar Projeto' }).click();
    await expect(page.getByText('Erro ao criar projeto')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(`Não foi possível criar o projeto: ${SERVER_TROUBLE}`);
    await expect(dialog.getByLabel('Título')).toHaveValue(`  ${title}  `);
    await restore();
    await dialog.getByRole('button', { name: 'Criar Projeto' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Projeto criado' })).toContainText(`O projeto "${title}" foi criado com sucesso.`);
    await expect(rows.first()).toContainText(title);
    await expect(rows.first()).toContainText('Em andamento');
    await expect(rows).toHaveCount(2);

    const stored = await projectsOf(client.id);
    expect(stored).toHaveLength(2);
    expect(stored.find((p) => p.title === title)).toMatchObject({ status: 'in-progress', progress: 10, plan: 'premium', monthly_price: 1999 });

    await loginAs(page, client, '/projects');
    const card = page.getByRole('article').filter({ hasText: title });
    await expect(card).toContainText('Em andamento');
    await expect(card).toContainText('Criado pela equipe');
  });

  test("'Carregar mais' da Gestão de Projetos continua depois da última linha mostrada", async ({ page }) => {
    const client = await freshUser('gestao-paginas');
    const tag = unique('gpag');
    await seedProjects(
      client.id,
      Array.from({ length: 53 }, (_, i) => ({ title: `${tag} nº ${String(i + 1).padStart(2, '0')}`, minutesAgo: i + 1 })),
    );
    await loginAs(page, 'admin', `/admin/projects-management?q=${tag}`);
    const rows = page.getByTestId('admin-project');
    await expect(rows).toHaveCount(50);
    await expect(rows.last()).toContainText(`${tag} nº 50`);
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect(rows).toHaveCount(53);
    await expect(rows.nth(50)).toContainText(`${tag} nº 51`);
    await expect(rows.last()).toContainText(`${tag} nº 53`);
    await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
  });
});
