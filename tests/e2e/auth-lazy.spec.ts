// The authentication pages load supabase-js only when the visitor acts (types, submits, clicks), never at load.
import type { Page, Request } from '@playwright/test';
import { expect, gotoAuthPage, test } from './fixtures';

/** Chunks of the account actions, the auth store and supabase-js (src/lib/stores/account-actions.ts, auth.ts, src/lib/data/supabase.ts and what they pull in). */
const SUPABASE_CHUNK = /\/_astro\/(?:account-actions|auth|supabase)\.[\w-]+\.js$/;

function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}

const urls = (requests: Request[]) => requests.map((r) => r.url());
/**
 * Calls to the auth or REST API. The page's one read of the agency's public name and contact e-mail
 * (`/rest/v1/app_settings`, a plain fetch of the identity script, no supabase-js) is not one.
 */
const apiCalls = (requests: Request[]) =>
  urls(requests).filter((u) => /\/(auth|rest)\/v1\//.test(u) && !/\/rest\/v1\/app_settings\?/.test(u));

for (const path of ['/login', '/register', '/forgot-password']) {
  test(`${path} não baixa o supabase-js nem chama a API antes de o usuário agir`, async ({ page }) => {
    const requests = recordRequests(page);
    await gotoAuthPage(page, path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    expect(urls(requests).filter((u) => SUPABASE_CHUNK.test(u))).toEqual([]);
    expect(apiCalls(requests)).toEqual([]);
    // The same page fetches it once the visitor starts typing (so the check above is about timing, not absence).
    await page.getByLabel('E-mail').fill('alguem@exemplo.com.br');
    await expect.poll(() => urls(requests).some((u) => SUPABASE_CHUNK.test(u))).toBe(true);
  });
}

test('/reset-password e /confirm-email sem link não baixam o supabase-js nem chamam a API', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto('/reset-password', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
  await page.goto('/confirm-email', { waitUntil: 'networkidle' });
  await expect(page.getByText('Link de confirmação inválido ou incompleto.')).toBeVisible();
  expect(urls(requests).filter((u) => SUPABASE_CHUNK.test(u))).toEqual([]);
  expect(apiCalls(requests)).toEqual([]);
});

test('o formulário de login está no HTML, rotulado, antes de qualquer JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Entrar na sua conta' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'email');
  await expect(page.getByLabel('Senha')).toHaveAttribute('aria-required', 'true');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await context.close();
});
