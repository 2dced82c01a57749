// A second visit paints the rows the list showed last time at once, and only to the user they were shown to.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, loginAs, test } from './fixtures';
import { seedProjects } from './projects-helpers';

/** Holds every answer for the projects list for `ms`, so what is on screen before it comes from the browser alone. */
async function slowProjectsList(page: Page, ms: number): Promise<void> {
  await page.route(/\/rest\/v1\/projects\?/, async (route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue().catch(() => undefined);
  });
}

/**
 * Waits until `title` is on screen and kept in this browser. The projects list and the dashboard can paint their
 * first cards from the page's HTML before the screen has run; the screen keeps the rows once its own answer is in.
 */
async function shownAndKept(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('portal-ia:last-rows') ?? '')).toContain(title);
}

test.describe('últimas linhas de uma lista na segunda visita', () => {
  test('a segunda visita a /projects mostra as linhas da visita anterior antes da resposta do servidor', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto guardado da visita anterior' }]);
    await loginAs(page, user, '/projects');
    await shownAndKept(page, 'Projeto guardado da visita anterior');

    await slowProjectsList(page, 4_000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Projeto guardado da visita anterior' })).toBeVisible({ timeout: 2_500 });
  });

  test('outra conta entrando no mesmo navegador nunca vê as linhas guardadas da anterior', async ({ page }) => {
    const first = await createConfirmedUser();
    await seedProjects(first.id, [{ title: 'Projeto só da primeira conta' }]);
    await loginAs(page, first, '/projects');
    await shownAndKept(page, 'Projeto só da primeira conta');

    const second = await createConfirmedUser();
    await slowProjectsList(page, 2_000);
    await loginAs(page, second, '/projects');
    const leaked = page.getByRole('heading', { name: 'Projeto só da primeira conta' });
    // Watch the whole load, from the first paint to the server's (empty) answer.
    const seen: boolean[] = [];
    for (let i = 0; i < 25; i += 1) {
      seen.push(await leaked.isVisible());
      await page.waitForTimeout(100);
    }
    expect(seen).not.toContain(true);
    expect(await page.evaluate(() => localStorage.getItem('portal-ia:last-rows') ?? '')).not.toContain('primeira conta');
  });

  test('sair da conta apaga as linhas guardadas neste navegador', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto antes de sair' }]);
    await loginAs(page, user, '/projects');
    await shownAndKept(page, 'Projeto antes de sair');

    await page.getByRole('complementary', { name: 'Menu do cliente' }).getByRole('button', { name: 'Sair da Conta' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(await page.evaluate(() => localStorage.getItem('portal-ia:last-rows'))).toBeNull();
  });

  test('a segunda visita ao /dashboard mostra a saudação "de volta" e os projetos recentes antes da resposta do servidor', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto recente guardado' }]);
    await loginAs(page, user, '/dashboard');
    await shownAndKept(page, 'Projeto recente guardado');

    // Every data answer held back: what shows first comes from this browser alone.
    await page.route(/\/rest\/v1\/(projects\?|rpc\/)/, async (route) => {
      await new Promise((r) => setTimeout(r, 4_000));
      await route.continue().catch(() => undefined);
    });
    await page.reload();
    // Held invisible until the greeting is known, so only the kept snapshot can make it visible this early.
    await expect(page.getByRole('heading', { level: 1, name: /^Bem-vindo\(a\) de volta, / })).toBeVisible({ timeout: 2_500 });
    await expect(page.getByRole('heading', { name: 'Projeto recente guardado' })).toBeVisible({ timeout: 2_500 });
  });
});
