// /my-clients paints its first rows from the page's early answer before the screen's code has arrived, with the
// screen's own row markup (the generic filler); the screen then takes those rows over where they are, with no loading
// panel, no moment without rows and no row twice. What is typed or clicked meanwhile reaches the screen, and another
// account signed in on the same browser never sees the rows.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, holdModule, loginAs, test } from './fixtures';
import { expectSameBox, screenStarted, seenRows, watchRows, type Box } from './prepaint-helpers';
import { seedClients } from './crm-helpers';

const SCREEN_MODULE = /\/_astro\/MyClientsScreen\.[^/]*\.js$/;

/** Each row of the clients table: its box and its text. */
const rows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main tbody tr')].map((r) => {
      const { x, y, width, height } = r.getBoundingClientRect();
      return { box: { x, y, width, height } as Box, text: (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim() };
    }),
  );

async function paintedThenTakenOver(page: Page, count: number) {
  const release = await holdModule(page, SCREEN_MODULE);
  await page.goto('/my-clients', { waitUntil: 'commit' });
  await expect(page.locator('main tbody tr')).toHaveCount(count);
  expect(await screenStarted(page), 'the screen module is held').toBe(false);
  const painted = await rows(page);
  release();
  await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
  expect(await screenStarted(page)).toBe(true);
  // Once the fresh page is in (the list is no longer busy, its count told), the rows are still the painted ones.
  await expect(page.getByText(`Exibindo ${count} de ${count} clientes.`)).toBeVisible();
  await expect(page.locator('main section[aria-label="Lista de clientes"]')).toHaveAttribute('aria-busy', 'false');
  const drawn = await rows(page);
  expect(drawn.map((r) => r.text)).toEqual(painted.map((r) => r.text));
  drawn.forEach((r, i) => expectSameBox(r.box, painted[i]!.box, `linha ${i}`));
  expect(await seenRows(page)).toEqual({ rowCounts: [count], loading: false });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

test('as primeiras linhas de /my-clients aparecem antes do código da tela, que as assume sem carregar de novo; outra conta não as vê', async ({ page }) => {
  const user = await createConfirmedUser();
  await seedClients(user.id, [
    { full_name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '(11) 98888-7777', company_name: 'ACME', status: 'lead' },
    { full_name: 'Bruno <b>Lima</b>', email: 'bruno@exemplo.com.br', status: 'active' },
    { full_name: 'Carla <img src=x onerror=alert(1)>', email: 'carla@exemplo.com.br', status: 'prospect' },
  ]);
  await loginAs(page, user, '/__e2e-login__');
  await watchRows(page, 'Carregando clientes');
  await page.setViewportSize({ width: 1280, height: 900 });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().includes('/rest/v1/clients?')) asked.push(r.url());
  });
  await paintedThenTakenOver(page, 3);
  expect(asked, 'the page asked for the list once; the screen took that answer').toHaveLength(1);
  const texts = (await rows(page)).map((r) => r.text).join(' | ');
  for (const text of ['Bruno <b>Lima</b>', 'Carla <img src=x onerror=alert(1)>', 'ACME', 'Prospecção']) expect(texts).toContain(text);
  await expect(page.getByRole('link', { name: '(11) 98888-7777' })).toHaveAttribute('href', 'tel:11988887777');
  await page.setViewportSize({ width: 390, height: 900 });
  await paintedThenTakenOver(page, 3);
  expect(await page.locator('main tbody img, main tbody b').count()).toBe(0);

  // Another account on this browser: its own empty list, never the first one's rows.
  const other = await createConfirmedUser();
  await loginAs(page, other, '/__e2e-login__');
  await page.goto('/my-clients');
  await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
  await expect(page.getByText('Você ainda não cadastrou clientes.')).toBeVisible();
  expect(await seenRows(page)).toEqual({ rowCounts: [], loading: false });
});

test('/my-clients: busca e status escolhidos antes do código da tela filtram a lista, e o menu de uma linha clicado cedo abre', async ({ page }) => {
  const user = await createConfirmedUser();
  await seedClients(user.id, [
    { full_name: 'Ana Souza', email: 'ana@exemplo.com.br', status: 'lead' },
    { full_name: 'Bruno Souza', email: 'bruno@exemplo.com.br', status: 'active' },
    { full_name: 'Carla Dias', email: 'carla@exemplo.com.br', status: 'lead' },
  ]);
  await loginAs(page, user, '/__e2e-login__');

  let release = await holdModule(page, SCREEN_MODULE);
  await page.goto('/my-clients', { waitUntil: 'commit' });
  await expect(page.locator('main tbody tr')).toHaveCount(3);
  await page.getByLabel('Filtrar por status').selectOption('lead');
  await page.getByLabel('Buscar cliente').fill('souza');
  expect(await screenStarted(page)).toBe(false);
  release();
  await expect(page.locator('main tbody tr')).toHaveCount(1);
  await expect(page.locator('main tbody tr')).toContainText('Ana Souza');
  await expect(page.getByLabel('Buscar cliente')).toHaveValue('souza');
  await expect(page.getByLabel('Buscar cliente')).toBeFocused();
  await expect(page.getByLabel('Filtrar por status')).toHaveValue('lead');
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  release = await holdModule(page, SCREEN_MODULE);
  await page.goto('/my-clients', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Ações para Bruno Souza' }).click();
  expect(await screenStarted(page)).toBe(false);
  release();
  await page.getByRole('menuitem', { name: 'Ver Detalhes' }).click();
  await expect(page).toHaveURL(/\/my-clients\/[0-9a-f-]{36}\/?$/);
  await expect(page.getByRole('main')).toContainText('Bruno Souza');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
