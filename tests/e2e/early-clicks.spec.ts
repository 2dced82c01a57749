// The signed-in shell arrives in the page's HTML before its code: a click on one of its buttons in that moment is kept
// and carried out, once, when the shell's code has run. This holds on a screen whose islands start after the first
// paint (/support, /admin/support) and on one whose islands start at once (/dashboard).
import { createConfirmedUser, expect, holdModule, loginAs, test } from './fixtures';

const CLIENT_SHELL = /\/_astro\/ClientShell\.[^/]*\.js$/;
const ADMIN_SHELL = /\/_astro\/AdminShell\.[^/]*\.js$/;

for (const path of ['/support', '/dashboard']) {
  test(`${path}: "Sair da Conta" clicado antes de a casca carregar encerra a sessão quando ela carrega, uma vez só`, async ({
    page,
  }) => {
    const user = await createConfirmedUser();
    await loginAs(page, user);
    const release = await holdModule(page, CLIENT_SHELL);
    const logouts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/logout')) logouts.push(request.url());
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const signOut = page.getByRole('button', { name: 'Sair da Conta' });
    await expect(signOut).toBeVisible();
    await signOut.click();
    // The shell's code is still in flight: nothing has happened yet, and the click was not thrown away.
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${path}/?$`));
    expect(logouts).toEqual([]);
    release();
    await expect(page).toHaveURL(/\/login\/?$/);
    expect(logouts).toHaveLength(1);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\/?$/);
  });
}

test('/admin/support: "Sair da Conta Admin" clicado antes de a casca carregar encerra a sessão quando ela carrega', async ({ page }) => {
  await loginAs(page, 'admin');
  // The demo admin's other sessions (other tests) must live on: the sign-out call is answered here, as the server
  // would answer it, and the page then drops its own session.
  const logouts: string[] = [];
  await page.route(/\/auth\/v1\/logout/, async (route) => {
    logouts.push(route.request().url());
    await route.fulfill({ status: 204 });
  });
  const release = await holdModule(page, ADMIN_SHELL);
  await page.goto('/admin/support', { waitUntil: 'domcontentloaded' });
  const signOut = page.getByRole('button', { name: 'Sair da Conta Admin' });
  await expect(signOut).toBeVisible();
  await signOut.click();
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toMatch(/^\/admin\/support\/?$/);
  release();
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(logouts).toHaveLength(1);
});
