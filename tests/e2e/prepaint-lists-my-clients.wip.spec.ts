// /tasks and /my-clients paint their first rows from the page's early answer before the screen's code has arrived,
// with the screen's own row markup (the generic filler), and the screen then takes over showing the same rows in the
// same place. Another account signed in on the same browser never sees them.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, holdModule, loginAs, test } from './fixtures';
import { expectSameBox, screenStarted, type Box } from './prepaint-helpers';
import { seedClients, seedTasks } from './crm-helpers';

/** Each row of the main table: its box and its text. */
const rows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main tbody tr')].map((r) => {
      const { x, y, width, height } = r.getBoundingClientRect();
      return { box: { x, y, width, height } as Box, text: (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim() };
    }),
  );

async function paintedThenTakenOver(page: Page, path: string, screen: RegExp, count: number) {
  const release = await holdModule(page, screen);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('main tbody tr')).toHaveCount(count);
  expect(await screenStarted(page), 'the screen module is held').toBe(false);
  const painted = await rows(page);
  release();
  await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
  expect(await screenStarted(page)).toBe(true);
  const drawn = await rows(page);
  expect(drawn.map((r) => r.text)).toEqual(painted.map((r) => r.text));
  drawn.forEach((r, i) => expectSameBox(r.box, painted[i]!.box, `${path} linha ${i}`));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

test('as primeiras linhas de /tasks e /my-clients aparecem antes do código da tela, iguais às da tela; outra conta não as vê', async ({ page }) => {
  const user = await createConfirmedUser();
  await seedTasks([
    { title: 'Revisar contrato <img src=x onerror=alert(1)>', created_by: user.id, status: 'Em Andamento', priority: 'Alta', due_date: '2020-01-02' },
    { title: 'Ligar para o cliente', created_by: user.id },
  ]);
  await seedClients(user.id, [
    { full_name: 'Ana Souza', email: 'ana@exemplo.com.br', phone: '(11) 98888-7777', company_name: 'ACME', status: 'lead' },
    { full_name: 'Bruno <b>Lima</b>', email: 'bruno@exemplo.com.br' },
  ]);
  await loginAs(page, user, '/__e2e-login__');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Newest first: the rows were inserted in one statement, so both orders are the screen's; the texts say which.
  await paintedThenTakenOver(page, '/tasks', /\/_astro\/TasksScreen\.[^/]*\.js$/, 2);
  const taskTexts = (await rows(page)).map((r) => r.text).join(' | ');
  expect(taskTexts).toContain('Revisar contrato <img src=x onerror=alert(1)>');
  expect(taskTexts).toContain('Atrasada');
  await page.setViewportSize({ width: 390, height: 900 });
  await paintedThenTakenOver(page, '/tasks', /\/_astro\/TasksScreen\.[^/]*\.js$/, 2);
  expect(await page.locator('main img').count()).toBe(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await paintedThenTakenOver(page, '/my-clients', /\/_astro\/MyClientsScreen\.[^/]*\.js$/, 2);
  const clientTexts = (await rows(page)).map((r) => r.text).join(' | ');
  expect(clientTexts).toContain('Bruno <b>Lima</b>');
  expect(clientTexts).toContain('ACME');
  await expect(page.getByRole('link', { name: '(11) 98888-7777' })).toHaveAttribute('href', 'tel:11988887777');

  // Another account on this browser: its own empty lists, never the first one's rows.
  const other = await createConfirmedUser();
  await loginAs(page, other, '/__e2e-login__');
  for (const path of ['/tasks', '/my-clients']) {
    await page.goto(path);
    await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
    await expect(page.getByText(path === '/tasks' ? 'Você ainda não tem tarefas.' : 'Você ainda não cadastrou clientes.')).toBeVisible();
    await expect(page.getByText(/Revisar contrato|Ana Souza/)).toHaveCount(0);
  }
});
