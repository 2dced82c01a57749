// /tasks paints their first rows from the page's early answer before the screen's code has arrived,
// with the screen's own row markup (the generic filler), and the screen then takes over showing the same rows in the
// same place. Another account signed in on the same browser never sees them.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, holdModule, loginAs, test } from './fixtures';
import { expectSameBox, screenStarted, seenRows, watchRows, type Box } from './prepaint-helpers';
import { seedTasks } from './crm-helpers';

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
  // Once the fresh page is in (the list no longer busy), the rows are still the painted ones, never gone nor doubled.
  await expect(page.locator('main section[aria-busy]')).toHaveAttribute('aria-busy', 'false');
  const drawn = await rows(page);
  expect(drawn.map((r) => r.text)).toEqual(painted.map((r) => r.text));
  drawn.forEach((r, i) => expectSameBox(r.box, painted[i]!.box, `${path} linha ${i}`));
  expect(await seenRows(page)).toEqual({ rowCounts: [count], loading: false });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

test('as primeiras linhas de /tasks aparecem antes do código da tela, iguais às da tela; outra conta não as vê', async ({ page }) => {
  const user = await createConfirmedUser();
  await seedTasks([
    { title: 'Revisar contrato <img src=x onerror=alert(1)>', created_by: user.id, status: 'Em Andamento', priority: 'Alta', due_date: '2020-01-02' },
    { title: 'Ligar para o cliente', created_by: user.id },
  ]);
  await loginAs(page, user, '/__e2e-login__');
  await watchRows(page, 'Carregando tarefas');
  await page.setViewportSize({ width: 1280, height: 900 });

  await paintedThenTakenOver(page, '/tasks', /\/_astro\/TasksScreen\.[^/]*\.js$/, 2);
  const taskTexts = (await rows(page)).map((r) => r.text).join(' | ');
  expect(taskTexts).toContain('Revisar contrato <img src=x onerror=alert(1)>');
  expect(taskTexts).toContain('Atrasada');
  await page.setViewportSize({ width: 390, height: 900 });
  await paintedThenTakenOver(page, '/tasks', /\/_astro\/TasksScreen\.[^/]*\.js$/, 2);
  expect(await page.locator('main img').count()).toBe(0);

  // Another account on this browser: its own empty list, never the first one's rows.
  const other = await createConfirmedUser();
  await loginAs(page, other, '/__e2e-login__');
  await page.goto('/tasks');
  await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
  await expect(page.getByText('Você ainda não tem tarefas.')).toBeVisible();
  await expect(page.getByText(/Revisar contrato/)).toHaveCount(0);
  expect(await seenRows(page)).toEqual({ rowCounts: [], loading: false });
});

test('/tasks: busca, status, prioridade e escopo escolhidos antes do código da tela ficam, com o foco, e filtram a lista', async ({ page }) => {
  const user = await createConfirmedUser();
  await seedTasks([
    { title: 'Revisar proposta', created_by: user.id, status: 'Em Andamento', priority: 'Alta' },
    { title: 'Revisar contrato', created_by: user.id, status: 'Pendente', priority: 'Alta' },
    { title: 'Ligar para o cliente', created_by: user.id, status: 'Em Andamento', priority: 'Alta' },
  ]);
  await loginAs(page, user, '/__e2e-login__');
  const release = await holdModule(page, /\/_astro\/TasksScreen\.[^/]*\.js$/);
  await page.goto('/tasks', { waitUntil: 'commit' });
  await expect(page.locator('main tbody tr')).toHaveCount(3);
  await page.getByLabel('Filtrar por status').selectOption('Em Andamento');
  await page.getByLabel('Filtrar por prioridade').selectOption('Alta');
  await page.getByLabel('Filtrar por responsável').selectOption('created');
  await page.getByLabel('Buscar tarefas').fill('revisar');
  expect(await screenStarted(page)).toBe(false);
  release();
  await expect(page.locator('main tbody tr')).toHaveCount(1);
  await expect(page.locator('main tbody tr')).toContainText('Revisar proposta');
  await expect(page.getByLabel('Buscar tarefas')).toHaveValue('revisar');
  await expect(page.getByLabel('Buscar tarefas')).toBeFocused();
  await expect(page.getByLabel('Filtrar por status')).toHaveValue('Em Andamento');
  await expect(page.getByLabel('Filtrar por prioridade')).toHaveValue('Alta');
  await expect(page.getByLabel('Filtrar por responsável')).toHaveValue('created');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
