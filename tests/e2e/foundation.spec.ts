// The site skeleton in Chromium: route guard, sidebars, 404, dynamic-route shells, and the static host's
// rules and headers (public/_redirects, dist/_headers) as served by scripts/serve.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseHeaders, parseRedirects } from '../../scripts/lib/host-rules';
import { createConfirmedUser, DEMO, e2eEnv, expect, loginAs, serviceClient, test } from './fixtures';

const sidebar = (page: import('@playwright/test').Page) => page.getByRole('complementary', { name: 'Menu do cliente' });

test.describe('route guard', () => {
  test('sem sessão, uma rota do cliente redireciona para /login', async ({ page }) => {
    await page.goto('/projects');
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('sem sessão, uma rota admin também vai para /login', async ({ page }) => {
    await page.goto('/admin/clients');
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('um cliente em /admin/dashboard vai para /dashboard', async ({ page }) => {
    await loginAs(page, 'client', '/admin/dashboard');
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/dashboard');
    await expect(sidebar(page)).toBeVisible();
  });
});

test.describe('client sidebar', () => {
  test('o cliente vê seu nome, "Cliente", os links e nenhum "Painel Admin"', async ({ page }) => {
    const user = await createConfirmedUser({ name: 'Joana Prado' });
    await loginAs(page, user, '/tasks');
    const nav = sidebar(page);
    await expect(nav.getByText('Joana Prado')).toBeVisible();
    await expect(nav.getByText('Cliente', { exact: true })).toBeVisible();
    await expect(nav.getByText('JP', { exact: true })).toBeVisible();
    for (const [label, href] of [
      ['Painel Principal', '/dashboard'],
      ['Meus Projetos', '/projects'],
      ['Meus Clientes', '/my-clients'],
      ['Minhas Tarefas', '/tasks'],
      ['Suporte e Ajuda', '/support'],
    ]) {
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Minhas Tarefas' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Painel Principal' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Painel Admin' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Sair da Conta' })).toBeVisible();
  });

  test('o link ativo segue o prefixo da rota (/projects/<id> destaca "Meus Projetos")', async ({ page }) => {
    await loginAs(page, 'client', '/projects/00000000-0000-4000-8000-000000000000');
    await expect(sidebar(page).getByRole('link', { name: 'Meus Projetos' })).toHaveAttribute('aria-current', 'page');
  });

  test('o admin vê "Painel Admin", que leva a /admin/dashboard', async ({ page }) => {
    await loginAs(page, 'admin', '/dashboard');
    const link = sidebar(page).getByRole('link', { name: 'Painel Admin' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/admin/dashboard');
  });

  test('"Sair da Conta" encerra a sessão e volta para /login', async ({ page }) => {
    const user = await createConfirmedUser();
    await loginAs(page, user, '/support');
    await sidebar(page).getByRole('button', { name: 'Sair da Conta' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('sair em outra aba não tira da página quem está nela (o que foi digitado fica)', async ({ page, context }) => {
    const user = await createConfirmedUser();
    await loginAs(page, user, '/support');
    await expect(sidebar(page).getByText(user.name)).toBeVisible();
    const other = await context.newPage();
    await other.goto('/dashboard');
    await sidebar(other).getByRole('button', { name: 'Sair da Conta' }).click();
    await expect(other).toHaveURL(/\/login\/?$/);
    // The first tab learns of the sign-out (its sidebar no longer shows the user) but stays where it is.
    await expect(sidebar(page).getByText(user.name)).toBeHidden();
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe('/support');
    await expect(page.getByRole('main')).not.toContainText('Carregando');
  });

  test('em 390 px a barra lateral vira um botão de menu com gaveta', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'client', '/dashboard');
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu do cliente' });
    await expect(drawer.getByRole('link', { name: 'Meus Projetos' })).toBeVisible();
    await expect(drawer.getByText(DEMO.client.name)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('em 390 px o menu aberto prende o foco: Tab e Shift+Tab circulam só dentro da gaveta, e Esc devolve o foco ao botão', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, 'client', '/dashboard');
    const opener = page.getByRole('button', { name: 'Abrir menu' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Menu do cliente' });
    await expect(drawer).toBeVisible();
    const focusInDrawer = () => drawer.evaluate((el) => el.contains(document.activeElement));
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test.describe('admin sidebar', () => {
  test('o admin vê o menu de administração, "Super Administrador" e a volta ao painel do usuário', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/settings');
    const nav = page.getByRole('complementary', { name: 'Menu do administrador' });
    await expect(nav.getByText('Super Administrador').first()).toBeVisible();
    for (const [label, href] of [
      ['Dashboard Principal', '/admin/dashboard'],
      ['Gestão de Clientes', '/admin/clients'],
      ['Gestão de Projetos', '/admin/projects-management'],
      ['Suporte ao Cliente', '/admin/support'],
      ['Colaboradores e Tarefas', '/admin/collaborators'],
      ['Analytics e Relatórios', '/admin/analytics'],
      ['Configurações do Sistema', '/admin/settings'],
    ]) {
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Configurações do Sistema' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Voltar ao Painel do Usuário' })).toHaveAttribute('href', '/dashboard');
    await expect(nav.getByRole('button', { name: 'Sair da Conta Admin' })).toBeVisible();
  });

  test('/admin redireciona para /admin/dashboard', async ({ page }) => {
    // 301 from public/_redirects. Only the server's answer matters here: signed out, the dashboard's guard then moves
    // on to /login by itself, which must not race with waiting for the page's load event.
    const res = await page.goto('/admin', { waitUntil: 'commit' });
    expect(new URL(res!.url()).pathname).toBe('/admin/dashboard');
    expect(res!.request().redirectedFrom()?.url()).toMatch(/\/admin\/?$/);
  });
});

test.describe('static host', () => {
  test('um caminho desconhecido mostra a página 404 com status 404', async ({ page }) => {
    const res = await page.goto('/essa-pagina-nao-existe');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Reportar problema/ })).toHaveAttribute('href', /^mailto:/);
  });

  test('recarregar /projects/<id> serve o shell da página do projeto', async ({ page, request }) => {
    const owner = await createConfirmedUser();
    const title = `Projeto do shell ${Date.now()}`;
    const { data, error } = await serviceClient().from('projects').insert({ user_id: owner.id, title }).select('id').single();
    expect(error).toBeNull();
    const id = data!.id;
    const shell = await (await request.get('/projects/_/')).text();
    const direct = await request.get(`/projects/${id}`);
    expect(direct.status()).toBe(200);
    expect(await direct.text()).toBe(shell);
    await loginAs(page, owner, `/projects/${id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  test('os cabeçalhos de segurança estão presentes, com uma CSP sem unsafe-eval nem scripts inline livres', async ({ request }) => {
    const res = await request.get('/');
    const h = res.headers();
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['permissions-policy']).toContain('camera=()');
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = h['content-security-policy'];
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // The API and, for Realtime, the same host over WebSocket: nothing else.
    const api = new URL(e2eEnv().apiUrl);
    expect(directives.get('connect-src')).toEqual(["'self'", api.origin, `ws://${api.host}`]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(directives.get('script-src')?.[0]).toBe("'self'");
    expect(directives.get('script-src')?.slice(1).every((v) => v.startsWith("'sha256-"))).toBe(true);
    expect(csp).not.toContain('unsafe-eval');
  });

  test('as ilhas hidratam sob a CSP, sem violações', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    await loginAs(page, 'client', '/dashboard');
    await expect(sidebar(page).getByText(DEMO.client.name)).toBeVisible();
    await page.goto('/');
    await page.waitForLoadState('load');
    expect(violations).toEqual([]);
  });

  test('a ilha de cada tela logada está no HTML, dentro de <main>, e começa a carregar enquanto a página é lida', async ({ page, request }) => {
    for (const path of ['/dashboard', '/projects', '/admin/support']) {
      const html = await (await request.get(path)).text();
      const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
      expect(main, path).toMatch(/<astro-island[^>]*component-url="\/_astro\/[A-Za-z]+Screen\.[^"]+\.js"/);
      // Not held in a template until the shell hydrates.
      expect(html, path).not.toMatch(/<template data-astro-template>\s*<astro-island/);
      // The fallback the island paints is in the HTML once (the build drops Astro's template copy of it).
      expect(html, path).toContain('data-screen-fallback');
      expect(html, path).not.toContain('data-astro-template="fallback"');
    }
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await loginAs(page, 'client', '/dashboard');
    await expect(sidebar(page).getByText(DEMO.client.name)).toBeVisible();
    const islandUrl = await page.evaluate(() => document.querySelector('main astro-island')?.getAttribute('component-url'));
    expect(islandUrl).toBeTruthy();
    expect(requested).toContain(islandUrl);
  });

  test('uma página embutida num frame de outra origem é bloqueada', async ({ page, baseURL }) => {
    const other: Server = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><title>outra origem</title><iframe id="alvo" src="${baseURL}/" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      const siteAnswered = page.waitForResponse((res) => res.url() === `${baseURL}/`);
      await page.goto(`http://localhost:${port}/`);
      // The site did answer the frame's request, and Chromium refused to show it (frame-ancestors / X-Frame-Options).
      expect((await siteAnswered).status()).toBe(200);
      const frame = () => page.frames().find((f) => f !== page.mainFrame());
      await expect.poll(() => frame()?.url() ?? '').toMatch(/^chrome-error:/);
      await expect(page.frameLocator('#alvo').locator('html[lang="pt-BR"]')).toHaveCount(0);
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  test('assets com hash são imutáveis; HTML revalida por ETag; gzip e brotli conforme Accept-Encoding', async ({ request }) => {
    const asset = readdirSync(join(e2eEnv().distDir, '_astro')).find((f) => f.endsWith('.js'))!;
    const js = await request.get(`/_astro/${asset}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await fetch(`${e2eEnv().baseURL}/`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    const etag = plain.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${e2eEnv().baseURL}/`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);

    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${e2eEnv().baseURL}/`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toContain('<html lang="pt-BR"');
    }
  });

  test('toda regra de public/_redirects é aplicada pelo servidor local', async ({ request }) => {
    const rules = parseRedirects(readFileSync('public/_redirects', 'utf8'));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const sample = rule.from.replace(/\*$/, 'e2e-amostra-123').replace(/:[A-Za-z_]\w*/g, 'abc');
      const res = await request.get(sample, { maxRedirects: 0 });
      expect(res.status(), `${rule.from} (linha ${rule.line})`).toBe(rule.status);
      if (rule.status >= 300 && rule.status < 400) {
        expect(res.headers()['location']).toBe(rule.to);
      } else {
        const target = await request.get(rule.to);
        expect(await res.text(), `${sample} → ${rule.to}`).toBe(await target.text());
      }
    }
  });

  test('todo cabeçalho de dist/_headers é enviado pelo servidor local', async ({ request }) => {
    const rules = parseHeaders(readFileSync(join(e2eEnv().distDir, '_headers'), 'utf8'));
    const asset = readdirSync(join(e2eEnv().distDir, '_astro'))[0];
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const sample = rule.pattern === '/_astro/*' ? `/_astro/${asset}` : rule.pattern.replace(/\*$/, '').replace(/:[A-Za-z_]\w*/g, 'abc') || '/';
      const res = await request.get(sample);
      for (const [name, value] of rule.headers) {
        expect(res.headers()[name.toLowerCase()], `${name} em ${sample}`).toBe(value);
      }
    }
  });
});
