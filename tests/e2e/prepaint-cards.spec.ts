// /projects paints the client's first project cards from the page's early answer before the screen's code has arrived,
// with the screen's own card markup, and the screen then takes over without moving them and without a skeleton in
// between. Another account signed in on the same browser never sees them.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, holdModule, loginAs, test } from './fixtures';
import { expectCodeAfterPaint, expectSameBox, lostCards, sawForbidden, screenStarted, watchLoad, type Box } from './prepaint-helpers';
import { seedProjects } from './projects-helpers';
import { browserDay } from './browser-day';

const SCREEN_MODULE = /\/_astro\/ProjectsScreen\.[^/]*\.js$/;

/** Where the header, the filters and every card are, and what each card says. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element | null): Box | null => {
      if (!e) return null;
      const { x, y, width, height } = e.getBoundingClientRect();
      return { x, y, width, height };
    };
    const main = document.querySelector('main')!;
    return {
      title: box(main.querySelector('h1')),
      newButton: box([...main.querySelectorAll('button')].find((b) => b.textContent?.includes('Novo Projeto')) ?? null),
      search: box(main.querySelector('input[type=search]')),
      select: box(main.querySelector('select')),
      cards: [...main.querySelectorAll('[role=article]')].map((a) => ({
        box: box(a)!,
        title: box(a.querySelector('h2'))!,
        text: (a as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
        href: a.querySelector('a')?.getAttribute('href'),
      })),
    };
  });
}

test.describe('primeiros cartões de /projects pintados antes do código da tela', () => {
  test('os cartões do cliente aparecem com o módulo da tela retido e ficam no mesmo lugar quando a tela assume, sem esqueleto nem estado vazio no meio', async ({ page }) => {
    const user = await createConfirmedUser();
    const seeded = await seedProjects(user.id, [
      { title: 'Chatbot de atendimento', description: 'Responde dúvidas no site.', status: 'in-progress', progress: 40, minutesAgo: 1 },
      { title: 'Análise de contratos', status: 'pending', minutesAgo: 2 },
      { title: 'Previsão de demanda <b>&</b>', description: 'Modelo mensal.', status: 'completed', progress: 100, minutesAgo: 3 },
    ]);
    await loginAs(page, user, '/__e2e-login__');
    await watchLoad(page);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdModule(page, SCREEN_MODULE);
      await page.goto('/projects', { waitUntil: 'commit' });
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(3);
      expect(await screenStarted(page), 'the screen module is held').toBe(false);
      const painted = await layout(page);
      expect(painted.cards.map((c) => c.href)).toEqual(seeded.map((p) => `/projects/${p.id}`));
      expect(painted.cards[0]!.text).toContain('Chatbot de atendimento');
      expect(painted.cards[0]!.text).toContain('Em andamento');
      expect(painted.cards[0]!.text).toContain('40%');
      expect(painted.cards[0]!.text).toContain(`Criado em ${browserDay(seeded[0]!.created_at)}`);
      expect(painted.cards[1]!.text).toContain('Pendente');
      expect(painted.cards[2]!.text).toContain('Previsão de demanda <b>&</b>');
      await expect(page.getByRole('progressbar', { name: 'Progresso de Chatbot de atendimento' })).toHaveAttribute('aria-valuenow', '40');
      await expect(page.getByRole('button', { name: 'Excluir projeto Análise de contratos' })).toBeVisible();

      release();
      await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
      expect(await screenStarted(page)).toBe(true);
      const drawn = await layout(page);
      expect(drawn.cards.map((c) => c.text)).toEqual(painted.cards.map((c) => c.text));
      expectSameBox(drawn.title, painted.title, `${width}px título`);
      expectSameBox(drawn.newButton, painted.newButton, `${width}px Novo Projeto`);
      expectSameBox(drawn.search, painted.search, `${width}px busca`);
      expectSameBox(drawn.select, painted.select, `${width}px filtro`);
      drawn.cards.forEach((c, i) => {
        expectSameBox(c.box, painted.cards[i]!.box, `${width}px cartão ${i}`);
        expectSameBox(c.title, painted.cards[i]!.title, `${width}px título do cartão ${i}`);
      });
      await expect(page.getByText('Exibindo 3 de 3 projetos.')).toBeVisible();
      expect(await lostCards(page)).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  test('o React e o código da tela só são pedidos depois que os cartões foram pintados', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto antes do código' }]);
    await loginAs(page, user, '/__e2e-login__');
    await expectCodeAfterPaint(page, '/projects', 'main [role=article]', SCREEN_MODULE);
  });

  test('um clique nos botões pintados antes do código da tela faz o que pede quando a tela assume', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto clicado cedo' }, { title: 'Outro projeto', minutesAgo: 5 }]);
    await loginAs(page, user, '/__e2e-login__');

    let release = await holdModule(page, SCREEN_MODULE);
    await page.goto('/projects', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Excluir projeto Projeto clicado cedo' }).click();
    expect(await screenStarted(page)).toBe(false);
    release();
    await expect(page.getByRole('alertdialog')).toContainText('Projeto clicado cedo');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('button', { name: 'Excluir projeto Projeto clicado cedo' })).toBeFocused();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    release = await holdModule(page, SCREEN_MODULE);
    await page.goto('/projects', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Novo Projeto' }).click();
    expect(await screenStarted(page)).toBe(false);
    release();
    await expect(page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' })).toBeVisible();
  });

  test('o que foi digitado na busca e escolhido no status antes do código da tela fica, com o foco, e filtra a lista', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [
      { title: 'Chatbot de vendas', status: 'in-progress', progress: 30 },
      { title: 'Painel de estoque', status: 'in-progress', progress: 10, minutesAgo: 5 },
    ]);
    await loginAs(page, user, '/__e2e-login__');
    const release = await holdModule(page, SCREEN_MODULE);
    await page.goto('/projects', { waitUntil: 'commit' });
    await expect(page.getByRole('article')).toHaveCount(2);
    await page.getByLabel('Filtrar por status').selectOption('in-progress');
    await page.getByLabel('Buscar projetos').fill('chatbot');
    expect(await screenStarted(page)).toBe(false);
    release();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText('Chatbot de vendas');
    await expect(page.getByLabel('Buscar projetos')).toHaveValue('chatbot');
    await expect(page.getByLabel('Buscar projetos')).toBeFocused();
    await expect(page.getByLabel('Filtrar por status')).toHaveValue('in-progress');
  });

  test('com a resposta atrasada, nada é pintado e a tela começa pelo esqueleto, nunca por "Nenhum projeto encontrado"', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto de resposta lenta' }]);
    await loginAs(page, user, '/__e2e-login__');
    await watchLoad(page, ['Nenhum projeto encontrado']);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/rest\/v1\/projects\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/projects', { waitUntil: 'commit' });
    // The islands start 3 s at the latest without an answer to paint; the screen then shows its skeleton.
    await expect(page.locator('main .animate-pulse').first()).toBeVisible({ timeout: 10_000 });
    release();
    await expect(page.getByRole('article')).toContainText('Projeto de resposta lenta');
    expect(await sawForbidden(page)).toEqual([]);
  });

  test('sem projetos nada é pintado e a tela mostra o próprio estado vazio', async ({ page }) => {
    const user = await createConfirmedUser();
    await loginAs(page, user, '/__e2e-login__');
    const release = await holdModule(page, SCREEN_MODULE);
    await page.goto('/projects', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Projetos' })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('article')).toHaveCount(0);
    release();
    await expect(page.getByText('Crie seu primeiro projeto selecionando um plano.')).toBeVisible();
  });

  test('outra conta entrando no mesmo navegador nunca vê os cartões da anterior', async ({ page }) => {
    const first = await createConfirmedUser();
    await seedProjects(first.id, [{ title: 'Projeto pintado só da primeira conta' }]);
    await loginAs(page, first, '/projects');
    await expect(page.getByRole('heading', { name: 'Projeto pintado só da primeira conta' })).toBeVisible();

    const second = await createConfirmedUser();
    await seedProjects(second.id, [{ title: 'Projeto da segunda conta' }]);
    await watchLoad(page, ['Projeto pintado só da primeira conta']);
    await loginAs(page, second, '/__e2e-login__');
    const release = await holdModule(page, SCREEN_MODULE);
    await page.goto('/projects', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Projeto da segunda conta' })).toBeVisible();
    expect(await screenStarted(page)).toBe(false);
    release();
    await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Projeto da segunda conta' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await sawForbidden(page)).toEqual([]);
  });
});
