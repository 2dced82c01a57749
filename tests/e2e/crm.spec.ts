// /my-clients (Gestão de Clientes (CRM)) in Chromium against the local Supabase.
import type { Page } from '@playwright/test';
import { expect, serviceClient, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import {
  HOSTILE_HTML,
  HOSTILE_URL,
  failOnUnexpectedDialogs,
  freshUser,
  seedClients,
  signIn,
} from './crm-helpers';

// The machine is shared by many builds and browsers: give slow first paints room.
test.describe.configure({ timeout: 60_000 });

const table = (page: import('@playwright/test').Page) => page.getByRole('table');
const rowOf = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('usuário novo vê "Você ainda não cadastrou clientes." com o link para adicionar o primeiro', async ({ page }) => {
  const user = await freshUser('crm-vazio');
  await signIn(page, user, '/my-clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Clientes (CRM)' })).toBeVisible();
  await expect(page.getByText('Você ainda não cadastrou clientes.')).toBeVisible();
  for (const label of ['Lead', 'Prospecção', 'Ativo', 'Em Espera', 'Concluído', 'Perdido']) {
    await expect(page.locator('li[data-status-card]').filter({ hasText: label })).toContainText('0');
  }
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Adicionar seu primeiro cliente' }).click();
  await expect(page).toHaveURL(/\/my-clients\/new\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Adicionar Novo Cliente' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Novo cliente' })).toBeVisible();
  await expect(page.getByLabel('Gerente de conta')).toHaveCount(0);
});

test('lista só os clientes do usuário, com contagens por status, busca no servidor e filtro', async ({ page }) => {
  const owner = await freshUser('crm-dono');
  const other = await freshUser('crm-outro');
  await seedClients(other.id, [{ full_name: 'Cliente Alheio Acme', email: 'alheio@acme.com', company_name: 'Acme' }]);
  await seedClients(owner.id, [
    { full_name: 'Ana Souza', email: 'ana@acme.com.br', company_name: 'Acme Ltda', phone: '+55 11 98765-4321', status: 'active' },
    { full_name: 'Bruno Lima', email: 'bruno@beta.com', company_name: 'Beta S.A.', status: 'lead' },
    { full_name: 'Carla Dias', email: 'carla@gama.io', company_name: null, status: 'lost' },
    { full_name: 'Daniel 100% Real', email: 'daniel@delta.com', company_name: 'Delta', status: 'on_hold' },
  ]);
  await signIn(page, owner, '/my-clients');

  await expect(table(page).getByRole('row')).toHaveCount(5); // header + 4
  await expect(page.getByText('Cliente Alheio Acme')).toHaveCount(0);
  await expect(page.getByRole('columnheader')).toHaveText(['Nome Completo', 'Empresa', 'Email', 'Telefone', 'Status', 'Ações']);
  await expect(rowOf(page, 'Ana Souza').getByText('Ativo', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'Ana Souza').getByRole('link', { name: 'ana@acme.com.br' })).toHaveAttribute('href', 'mailto:ana@acme.com.br');
  await expect(rowOf(page, 'Ana Souza').getByRole('link', { name: '+55 11 98765-4321' })).toHaveAttribute('href', 'tel:+5511987654321');
  await expect(page.locator('li[data-status-card="active"]')).toContainText('1');
  await expect(page.locator('li[data-status-card="lead"]')).toContainText('1');
  await expect(page.locator('li[data-status-card="prospect"]')).toContainText('0');
  await expect(page.getByText('Exibindo 4 de 4 clientes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);

  const search = page.getByPlaceholder('Buscar cliente...');
  // Company, case-insensitive; the search runs in the database (search_clients), not in the browser.
  const answered = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/search_clients'));
  await search.fill('ACME');
  const response = await answered;
  expect(response.ok()).toBe(true);
  expect(response.request().postDataJSON()).toMatchObject({ search_term: 'ACME' });
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Ana Souza')).toBeVisible();
  // E-mail.
  await search.fill('gama.io');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Carla Dias')).toBeVisible();
  // A literal % and PostgREST syntax characters are text, not wildcards or filters.
  await search.fill('100%');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Daniel 100% Real')).toBeVisible();
  await search.fill('a,status.eq.lead)');
  await expect(page.getByText('Nenhum cliente corresponde aos filtros.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).click();
  await expect(table(page).getByRole('row')).toHaveCount(5);

  await page.getByLabel('Filtrar por status').selectOption({ label: 'Perdido' });
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Carla Dias')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('Excluir pede a confirmação exata no diálogo do produto, mostra "Cliente excluído" e apaga do banco', async ({ page }) => {
  const owner = await freshUser('crm-excluir');
  const [keep, gone] = await seedClients(owner.id, [
    { full_name: 'Fica Aqui', email: 'fica@x.com' },
    { full_name: 'Vai Embora', email: 'vai@x.com' },
  ]);
  const browserDialogs = failOnUnexpectedDialogs(page);
  await signIn(page, owner, '/my-clients');
  const confirm = page.getByRole('alertdialog');
  const question = 'Tem certeza que deseja excluir o cliente "Vai Embora"? Esta ação não pode ser desfeita.';

  // Cancelled: nothing happens, and focus goes back to the row's menu button.
  await page.getByRole('button', { name: 'Ações para Vai Embora' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await expect(confirm.getByRole('heading', { name: 'Excluir cliente?' })).toBeVisible();
  await expect(confirm.getByText(question)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(rowOf(page, 'Vai Embora')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ações para Vai Embora' })).toBeFocused();

  await page.getByRole('button', { name: 'Ações para Vai Embora' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Cliente excluído', { exact: true })).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(rowOf(page, 'Vai Embora')).toHaveCount(0);
  expect(browserDialogs.fired).toEqual([]);

  const { data } = await serviceClient().from('clients').select('id').in('id', [keep.id, gone.id]);
  expect((data ?? []).map((r: { id: string }) => r.id)).toEqual([keep.id]);
});

test('o menu da linha leva a Ver Detalhes e Editar do cliente', async ({ page }) => {
  const owner = await freshUser('crm-menu');
  const [client] = await seedClients(owner.id, [{ full_name: 'Helena Prado', email: 'helena@x.com' }]);
  await signIn(page, owner, '/my-clients');
  await page.getByRole('button', { name: 'Ações para Helena Prado' }).click();
  await page.getByRole('menuitem', { name: 'Ver Detalhes' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-clients/${client.id}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhes do Cliente' })).toBeVisible();
  await expect(page.getByText('Helena Prado').first()).toBeVisible();

  await page.goto('/my-clients');
  // Keyboard: open the row menu, move to Editar, press Enter.
  await page.getByRole('button', { name: 'Ações para Helena Prado' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Ver Detalhes' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/my-clients/edit/${client.id}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Cliente' })).toBeVisible();
  await expect(page.getByLabel('Nome Completo *')).toHaveValue('Helena Prado');
  await expectNoSeriousAxeViolations(page);
});

test('um segundo cliente não vê os clientes do primeiro nem nas contagens', async ({ page }) => {
  const first = await freshUser('crm-primeiro');
  const second = await freshUser('crm-segundo');
  await seedClients(first.id, [{ full_name: 'Segredo do Primeiro', email: 'segredo@x.com', status: 'active' }]);
  await signIn(page, second, '/my-clients');
  await expect(page.getByText('Você ainda não cadastrou clientes.')).toBeVisible();
  await expect(page.getByText('Segredo do Primeiro')).toHaveCount(0);
  await expect(page.locator('li[data-status-card="active"]')).toContainText('0');
  await page.getByPlaceholder('Buscar cliente...').fill('Segredo');
  await expect(page.getByText('Nenhum cliente corresponde aos filtros.')).toBeVisible();
});

test('texto hostil aparece literalmente, sem diálogo, e sem links tel:/mailto: de valores inválidos', async ({ page }) => {
  const owner = await freshUser('crm-hostil');
  // The longest name and company the database takes, in one unbroken word (a hostile phone is refused by the database).
  await seedClients(owner.id, [
    { full_name: HOSTILE_HTML, email: 'hostil@x.com', company_name: HOSTILE_URL },
    { full_name: `Longo ${'X'.repeat(114)}`, email: 'longo@x.com', company_name: 'X'.repeat(160) },
  ]);
  const dialogs = failOnUnexpectedDialogs(page);
  await signIn(page, owner, '/my-clients');
  await expect(page.getByRole('cell', { name: HOSTILE_HTML, exact: true })).toBeVisible();
  await expect(page.getByText(HOSTILE_URL, { exact: true })).toHaveCount(1);
  await expect(page.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('table a[href^="tel:"]')).toHaveCount(0);
  await expect(page.locator('table a[href^="mailto:"]')).toHaveCount(2);
  // The long text wraps inside the table instead of stretching the page.
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width).toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: `Ações para ${HOSTILE_HTML}` }).click();
  await page.getByRole('menuitem', { name: 'Ver Detalhes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhes do Cliente' })).toBeVisible();
  expect(dialogs.fired).toEqual([]);
});

test('50 clientes por página e "Carregar mais" só quando há mais', async ({ page }) => {
  const owner = await freshUser('crm-paginas');
  const rows = Array.from({ length: 53 }, (_, i) => ({
    full_name: `Cliente ${String(i + 1).padStart(2, '0')}`,
    email: `c${i + 1}@lote.com`,
  }));
  await seedClients(owner.id, rows);
  await signIn(page, owner, '/my-clients');
  await expect(table(page).getByRole('row')).toHaveCount(51);
  await expect(page.getByText('Exibindo 50 de 53 clientes.')).toBeVisible();
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(table(page).getByRole('row')).toHaveCount(54);
  await expect(page.getByText('Exibindo 53 de 53 clientes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
});

test('recharts só é baixado depois que a tabela está na tela', async ({ page }) => {
  const owner = await freshUser('crm-grafico');
  await seedClients(owner.id, [
    { full_name: 'Gráfico Um', email: 'g1@x.com', status: 'active' },
    { full_name: 'Gráfico Dois', email: 'g2@x.com', status: 'lead' },
  ]);
  await signIn(page, owner, '/__e2e-login__');
  const chartChunks: { url: string; rowsOnScreen: number }[] = [];
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('recharts-pie')) {
      const rowsOnScreen = await page.evaluate(() => document.querySelectorAll('table tbody tr').length).catch(() => -1);
      chartChunks.push({ url: route.request().url(), rowsOnScreen });
    }
    await route.fulfill({ response, body });
  });
  await page.goto('/my-clients');
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('donut-chart').locator('.recharts-pie-sector').first()).toBeAttached();
  expect(chartChunks.length).toBeGreaterThan(0);
  for (const chunk of chartChunks) expect(chunk.rowsOnScreen, chunk.url).toBe(2);
  // Not referenced by the page's HTML either (no preload of the chart code).
  const html = await (await page.request.get('/my-clients/')).text();
  for (const chunk of chartChunks) expect(html).not.toContain(new URL(chunk.url).pathname);
  // Scripts the page still asks for as the test ends (code loaded after the first view) must not fail in the handler.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('telas em 390 px e 1280 px', async ({ page }, testInfo) => {
  const owner = await freshUser('crm-telas');
  await seedClients(owner.id, [
    { full_name: 'Mariana Albuquerque Cavalcanti', email: 'mariana.cavalcanti@empresa-grande.com.br', company_name: 'Empresa Grande de Tecnologia', phone: '+55 81 99876-5432', status: 'prospect' },
    { full_name: 'João Pereira', email: 'joao@x.com', company_name: 'JP', status: 'completed' },
  ]);
  await signIn(page, owner, '/__e2e-login__');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/my-clients');
    await expect(table(page).getByRole('row')).toHaveCount(3);
    await expect(page.getByTestId('donut-chart').locator('.recharts-pie-sector').first()).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `a página não rola de lado em ${width}px`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: testInfo.outputPath(`crm-${width}.png`), fullPage: true });
  }
});

test('falha ao carregar: "Erro ao carregar clientes" e tentar de novo; falha ao excluir mostra a mensagem do servidor', async ({ page }) => {
  const owner = await freshUser('crm-erros');
  const [client] = await seedClients(owner.id, [{ full_name: 'Resistente', email: 'resiste@x.com' }]);
  let failList = true;
  await page.route('**/rest/v1/clients**', async (route) => {
    const method = route.request().method();
    if (method === 'GET' && failList) {
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'XX000', message: 'falha simulada na leitura', details: null, hint: null }),
      });
    }
    if (method === 'DELETE') {
      return route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: '42501', message: 'permissão negada (simulada)', details: null, hint: null }),
      });
    }
    return route.fallback();
  });
  await signIn(page, owner, '/my-clients');
  await expect(page.getByText('Erro ao carregar clientes')).toBeVisible();
  await expect(page.getByText('Não foi possível buscar seus clientes. falha simulada na leitura')).toBeVisible();
  failList = false;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(rowOf(page, 'Resistente')).toBeVisible();

  await page.getByRole('button', { name: 'Ações para Resistente' }).click();
  await page.getByRole('menuitem', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Erro ao excluir cliente')).toBeVisible();
  await expect(page.getByText('permissão negada (simulada)')).toBeVisible();
  await expect(rowOf(page, 'Resistente')).toBeVisible();
  const { data } = await serviceClient().from('clients').select('id').eq('id', client.id);
  expect(data).toHaveLength(1);
});

/**
 * A new user's /my-clients with one client, `name`, whose row menu's code (its lazy chunk) the page has asked for and
 * is held back until `release()`: until then the row's trigger is the stand-in button.
 */
async function listWithMenuHeld(page: Page, label: string, name: string) {
  const owner = await freshUser(label);
  await seedClients(owner.id, [{ full_name: name, email: `${label}@x.com` }]);
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  let asked = false;
  await page.route('**/_astro/RowMenuRadix*.js', async (route) => {
    asked = true;
    await held;
    await route.fallback();
  });
  await signIn(page, owner, '/my-clients');
  const trigger = page.getByRole('button', { name: `Ações para ${name}` });
  await expect(trigger).toBeVisible();
  await expect.poll(() => asked).toBe(true);
  return { trigger, release: () => release() };
}

test('um clique no menu da linha antes de o código do menu chegar abre o menu quando ele chega', async ({ page }) => {
  const menu = await listWithMenuHeld(page, 'crm-menu-lento', 'Clique Apressado');
  await menu.trigger.click();
  await expect(page.getByRole('menuitem', { name: 'Ver Detalhes' })).toHaveCount(0);
  menu.release();
  await expect(page.getByRole('menuitem', { name: 'Ver Detalhes' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Excluir' })).toBeVisible();
});

test('um clique no menu da linha pressionado antes de o código do menu chegar e solto depois abre o menu', async ({ page }) => {
  // The stand-in button leaves the page between the press and the release, so the browser sends the click to neither
  // button: the press alone must open the menu, as it does on the real one.
  const menu = await listWithMenuHeld(page, 'crm-menu-meio-clique', 'Clique no Meio');
  const box = (await menu.trigger.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  menu.release();
  // The real menu's trigger (Radix marks it with data-state) has replaced the stand-in.
  await expect(menu.trigger).toHaveAttribute('data-state', /open|closed/);
  await page.mouse.up();
  await expect(page.getByRole('menuitem', { name: 'Ver Detalhes' })).toBeVisible();
});

test('Enter no menu da linha antes de o código do menu chegar abre o menu com o primeiro item em foco', async ({ page }) => {
  const menu = await listWithMenuHeld(page, 'crm-menu-teclado', 'Teclado Apressado');
  await menu.trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Ver Detalhes' })).toHaveCount(0);
  menu.release();
  await expect(page.getByRole('menuitem', { name: 'Ver Detalhes' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
});
