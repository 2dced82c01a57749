// A signed-in screen's first requests leave while the page parses (an inline script with the stored session) and the
// screen takes their answers instead of asking again.
import type { Page, Request } from '@playwright/test';
import { createConfirmedUser, expect, loginAs, test } from './fixtures';
import { seedProjects } from './projects-helpers';

interface Live {
  /** Only a socket opened while the page is at this path counts (the page before may open its own late). */
  path?: string;
  /** The point is Realtime's confirmation of the join of a channel whose topic starts with `realtime:<channel>`. */
  channel?: string;
}

/**
 * Every REST request the page makes from now on ('METHOD url'), and `first()`: those made before its live reads began.
 * A live screen reads once more when Realtime starts listening (a change between its first read and the join is not
 * replayed); that point is when the page opened its Realtime socket or, with `channel`, when that channel's join was
 * confirmed (a channel the screen joins only after its first read).
 */
function restRequests(page: Page, live: Live = {}): { seen: string[]; first: () => string[] } {
  const seen: string[] = [];
  let cut: number | null = null;
  const mark = () => void (cut ??= seen.length);
  page.on('request', (r: Request) => {
    if (r.url().includes('/rest/v1/')) seen.push(`${r.method()} ${r.url()}`);
  });
  page.on('websocket', (ws) => {
    if (live.path && !new URL(page.url()).pathname.startsWith(live.path)) return;
    if (!live.channel) return mark();
    ws.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes(`realtime:${live.channel}`) && /"system"/.test(text) && /"status":"ok"/.test(text)) mark();
    });
  });
  return { seen, first: () => seen.slice(0, cut ?? seen.length) };
}

/** When the page asked for the first REST request and for its first script module (performance entries, page clock). */
async function startTimes(page: Page, rest: RegExp): Promise<{ rest: number; firstModule: number }> {
  return page.evaluate((source) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const re = new RegExp(source);
    const restStart = Math.min(...entries.filter((e) => re.test(e.name)).map((e) => e.startTime));
    const moduleStart = Math.min(...entries.filter((e) => /\/_astro\/.+\.js$/.test(e.name)).map((e) => e.startTime));
    return { rest: restStart, firstModule: moduleStart };
  }, rest.source);
}

/** A new client with these projects, signed in, whose REST requests are watched from here on. */
async function newClientWatched(page: Page, projects: Parameters<typeof seedProjects>[1], live?: Live) {
  const user = await createConfirmedUser();
  const seeded = projects.length > 0 ? await seedProjects(user.id, projects) : [];
  await loginAs(page, user, '/__e2e-login__');
  return { seeded, ...restRequests(page, live) };
}

const counts = (list: string[]) => list.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

test.describe('primeiras requisições da tela enviadas pela página', () => {
  test('/projects pede a lista e os totais antes de qualquer módulo, uma vez só, e mostra as linhas', async ({ page }) => {
    const { seen } = await newClientWatched(page, [{ title: 'Projeto pedido cedo' }]);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projeto pedido cedo' })).toBeVisible();
    await page.waitForTimeout(500);

    const t = await startTimes(page, /\/rest\/v1\/projects\?select=\*&user_id=/);
    expect(t.rest).toBeLessThan(t.firstModule);
    const list = seen.filter((k) => k.startsWith('GET') && k.includes('/rest/v1/projects?select=*&user_id='));
    expect(list).toHaveLength(1);
    expect(seen.filter((k) => k.includes('/rpc/project_status_counts'))).toHaveLength(1);
    // The shell's own first request (the portal's name and logo) is sent early too, and taken.
    expect(seen.filter((k) => k.includes('/rest/v1/app_settings'))).toHaveLength(1);
  });

  test('/projects/{id} pede o projeto antes de qualquer módulo, uma vez só', async ({ page }) => {
    // The screen joins its project's channel once it has read the project, and reads it again when that join is
    // confirmed: only what was asked before then counts here.
    const { seeded, first } = await newClientWatched(page, [{ title: 'Detalhe pedido cedo', description: 'Descrição que chega cedo' }], {
      channel: 'live:project:',
    });
    const project = seeded[0];
    await page.goto(`/projects/${project!.id}`);
    await expect(page.getByText('Descrição que chega cedo')).toBeVisible();
    await page.waitForTimeout(500);

    const t = await startTimes(page, new RegExp(`/rest/v1/projects\\?select=\\*&id=eq\\.${project!.id}`));
    expect(t.rest).toBeLessThan(t.firstModule);
    expect(first().filter((k) => k.includes(`id=eq.${project!.id}`) && k.startsWith('GET'))).toHaveLength(1);
  });

  test('/dashboard registra a visita e pede os totais e os recentes uma vez só', async ({ page }) => {
    const { seen } = await newClientWatched(page, [{ title: 'Recente pedido cedo' }]);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bem-vindo(a)');
    await expect(page.getByText('Recente pedido cedo')).toBeVisible();
    await page.waitForTimeout(500);

    const t = await startTimes(page, /\/rest\/v1\/rpc\/record_dashboard_visit/);
    expect(t.rest).toBeLessThan(t.firstModule);
    for (const [request, n] of counts(seen)) {
      if (/record_dashboard_visit|project_status_counts|projects\?select=\*&user_id=/.test(request)) expect(n, request).toBe(1);
    }
  });

  test('/support pede os tickets e os projetos do formulário antes de qualquer módulo, uma vez só', async ({ page }) => {
    // The list reads once more when its channel starts listening: only what was asked before then counts.
    const { first } = await newClientWatched(page, [{ title: 'Projeto do formulário' }], { channel: 'live:my-tickets' });
    await page.goto('/support');
    await expect(page.getByRole('option', { name: 'Projeto do formulário' })).toBeAttached();
    await page.waitForTimeout(500);

    const t = await startTimes(page, /\/rest\/v1\/support_tickets\?select=/);
    expect(t.rest).toBeLessThan(t.firstModule);
    expect(first().filter((k) => k.startsWith('GET') && k.includes('/rest/v1/support_tickets?select='))).toHaveLength(1);
    expect(first().filter((k) => k.startsWith('GET') && k.includes('/rest/v1/projects?select=id%2Ctitle'))).toHaveLength(1);
  });

  test('/admin/support e /admin/projects-management pedem a lista da equipe antes de qualquer módulo, uma vez só', async ({ page }) => {
    await loginAs(page, 'admin', '/__e2e-login__');
    for (const [path, rpc, heading] of [
      ['/admin/support', 'support_inbox', 'Suporte ao Cliente'],
      ['/admin/projects-management', 'admin_projects', 'Gestão de Projetos'],
    ] as const) {
      const { first } = restRequests(page, { path });
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.waitForTimeout(800);
      const t = await startTimes(page, new RegExp(`/rest/v1/rpc/${rpc}$`));
      expect(t.rest, path).toBeLessThan(t.firstModule);
      expect(first().filter((k) => k.endsWith(`/rpc/${rpc}`)), path).toHaveLength(1);
      page.removeAllListeners('request');
      page.removeAllListeners('websocket');
    }
  });

  test('uma requisição antecipada que falha é feita de novo pela tela, que mostra as linhas', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto depois da falha' }]);
    await loginAs(page, user, '/__e2e-login__');
    let failed = 0;
    await page.route(/\/rest\/v1\/projects\?select=\*&user_id=/, async (route) => {
      if (failed === 0) {
        failed += 1;
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projeto depois da falha' })).toBeVisible();
    expect(failed).toBe(1);
    await expect(page.getByText('Erro ao carregar projetos')).toHaveCount(0);
  });

  test('com filtro no endereço nada é pedido antes da hora', async ({ page }) => {
    // Live reads (the sidebar's amount owed, the bell) are read once more when Realtime starts listening.
    const { first } = await newClientWatched(page, []);
    await page.goto('/projects?status=completed');
    await expect(page.getByRole('heading', { name: 'Projetos', level: 1 })).toBeVisible();
    await page.waitForTimeout(800);
    const t = await startTimes(page, /\/rest\/v1\//);
    expect(t.firstModule).toBeLessThan(t.rest);
    for (const [request, n] of counts(first())) expect(n, request).toBe(1);
  });
});
