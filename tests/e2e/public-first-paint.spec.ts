// Public pages paint from the HTML alone (their CSS inlined, their modules fetched after the first
// contentful paint), and what a visitor does before those modules arrive is not lost.
import { DEMO, createConfirmedUser, expect, holdModule, loginAs, test } from './fixtures';

const LOGIN_SCRIPT = /\/_astro\/login\.astro_astro_type_script[^/]*\.js$/;
const HEADER_SCRIPT = /\/_astro\/Header\.astro_astro_type_script[^/]*\.js$/;
/** The landing's last after-paint module (the demo chat), loaded after the header's. */
const LANDING_LAST_SCRIPT = /\/_astro\/page-script\.[^/]*\.js$/;

const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/confirm-email'];

for (const path of PUBLIC_PAGES) {
  test(`${path}: nenhuma folha de estilos e nenhum módulo é pedido antes da primeira pintura com conteúdo`, async ({ page }) => {
    await page.goto(path);
    // The modules are asked for after the first paint, which on a busy machine can be later than a quiet network.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/_astro\/[^/]+\.js$/.test(r.name))))
      .toBe(true);
    await page.waitForLoadState('networkidle');
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      requests: performance
        .getEntriesByType('resource')
        .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, type: (r as PerformanceResourceTiming).initiatorType })),
    }));
    expect(timing.fcp).not.toBeNull();
    const css = timing.requests.filter((r) => r.name.endsWith('.css'));
    expect(css, 'o CSS da página vem embutido no HTML').toEqual([]);
    const modules = timing.requests.filter((r) => r.name.startsWith('/_astro/') && r.name.endsWith('.js'));
    // The page's behaviour arrives, but only after the first paint.
    expect(modules.length).toBeGreaterThan(0);
    for (const m of modules) expect(m.start, `${m.name} pedido antes da 1ª pintura`).toBeGreaterThanOrEqual(timing.fcp!);
  });
}

test('o ícone do site vem dentro do documento (sem uma requisição a mais antes da maior pintura)', async ({ page }) => {
  for (const path of ['/', '/login', '/projects']) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href, path).toMatch(/^data:image\/svg\+xml,/);
  }
  // The file stays for whoever asks for it by its address.
  expect((await page.request.get('/favicon.svg')).status()).toBe(200);
});

test('um "Entrar" clicado antes de os scripts chegarem é guardado e feito quando chegam', async ({ page }) => {
  const release = await holdModule(page, LOGIN_SCRIPT);
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill(DEMO.client.email);
  await page.getByLabel('Senha').fill(DEMO.client.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // Nothing was sent natively: the page is still /login, with what the visitor typed.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).pathname).toMatch(/^\/login\/?$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.client.email);
  release();
  await page.waitForURL(/\/dashboard\/?$/);
  await expect(page.getByText('Autenticação bem-sucedida!')).toBeVisible();
});

test('se o script da página não carrega, o "Entrar" guardado é descartado, sem postar o formulário', async ({ page }) => {
  const release = await holdModule(page, LOGIN_SCRIPT, 'fail');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.isNavigationRequest()) posts.push(r.url());
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill(DEMO.client.email);
  await page.getByRole('button', { name: 'Entrar' }).click();
  release();
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  await expect(page.getByLabel('E-mail')).toHaveValue(DEMO.client.email);
});

test('o botão de menu tocado antes de os scripts chegarem abre o menu quando chegam', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdModule(page, HEADER_SCRIPT);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  release();
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#mobile-menu')).toBeVisible();
});

test('um toque no menu entre o script do cabeçalho e o último script da página abre o menu uma vez só', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdModule(page, LANDING_LAST_SCRIPT);
  const headerLoaded = page.waitForResponse(HEADER_SCRIPT);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await headerLoaded;
  // The header module has run (its listener is on the button) while the page's last module is still in flight.
  await expect(page.locator('#mobile-menu-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.waitForTimeout(300);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  release();
  await page.waitForFunction(() => (window as unknown as { __pageReady?: unknown }).__pageReady !== undefined);
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#mobile-menu')).toBeVisible();
});

test('com sessão guardada, a landing já pinta Dashboard e Sair (sem mostrar Entrar antes)', async ({ page }) => {
  const user = await createConfirmedUser();
  await loginAs(page, user);
  const release = await holdModule(page, HEADER_SCRIPT);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const header = page.locator('#site-header');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Entrar' })).toHaveCount(0);
  release();
});

test('com sessão guardada, /login leva direto ao /dashboard sem pintar o formulário', async ({ page }) => {
  const user = await createConfirmedUser();
  await loginAs(page, user);
  await page.route(LOGIN_SCRIPT, (route) => route.abort());
  await page.goto('/login');
  await page.waitForURL(/\/dashboard\/?$/);
});
