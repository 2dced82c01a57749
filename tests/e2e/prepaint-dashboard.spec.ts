// /dashboard paints the greeting with the account's name, the four counts and the recent projects from the page's
// early answers before the screen's code has arrived, with the screen's own markup; the screen then takes over without
// moving them and without a skeleton in between. Another account on the same browser never sees them.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, holdModule, loginAs, test } from './fixtures';
import { expectCodeAfterPaint, expectSameBox, lostCards, sawForbidden, screenStarted, watchLoad, type Box } from './prepaint-helpers';
import { seedProjects } from './projects-helpers';

const SCREEN_MODULE = /\/_astro\/DashboardScreen\.[^/]*\.js$/;

/** Where the greeting, the counts and every card are, and what they say. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element | null): Box | null => {
      if (!e) return null;
      const { x, y, width, height } = e.getBoundingClientRect();
      return { x, y, width, height };
    };
    const main = document.querySelector('main')!;
    const h1 = main.querySelector('h1')!;
    return {
      greeting: { box: box(h1), text: h1.textContent, visible: getComputedStyle(h1).visibility === 'visible' },
      counts: [...main.querySelectorAll('section[aria-label="Resumo dos projetos"] p.tabular-nums')].map((p) => ({
        box: box(p)!,
        text: p.textContent,
      })),
      link: box(main.querySelector('a[href="/projects"]')),
      cards: [...main.querySelectorAll('[role=article]')].map((a) => ({
        box: box(a)!,
        text: (a as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
      })),
    };
  });
}

test.describe('painel pintado antes do código da tela', () => {
  test('saudação, contagens e projetos recentes aparecem com o módulo da tela retido e ficam no mesmo lugar quando a tela assume', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [
      { title: 'Chatbot de atendimento', description: 'Responde dúvidas no site.', status: 'in-progress', progress: 40, minutesAgo: 1 },
      { title: 'Análise de contratos', status: 'pending', minutesAgo: 2 },
      { title: 'Previsão de demanda <b>&</b>', description: 'Modelo mensal.', status: 'completed', progress: 100, minutesAgo: 3 },
    ]);
    await loginAs(page, user, '/__e2e-login__');
    await watchLoad(page);

    // First visit at 1280 px (the database answers 'first'), then a second one at 390 px, painted from the kept figures.
    for (const [width, greeting] of [[1280, 'Bem-vindo(a)'], [390, 'Bem-vindo(a) de volta']] as const) {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdModule(page, SCREEN_MODULE);
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await expect(page.getByRole('article')).toHaveCount(3);
      expect(await screenStarted(page), 'the screen module is held').toBe(false);
      const painted = await layout(page);
      expect(painted.greeting).toMatchObject({ text: `${greeting}, ${user.name}!`, visible: true });
      expect(painted.counts.map((c) => c.text)).toEqual(['3', '1', '1', '1']);
      expect(painted.cards[0]!.text).toContain('Chatbot de atendimento');
      expect(painted.cards[0]!.text).toContain('40%');
      expect(painted.cards[2]!.text).toContain('Previsão de demanda <b>&</b>');
      await expect(page.getByRole('link', { name: 'Ver todos os projetos' })).toBeVisible();

      release();
      await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
      const drawn = await layout(page);
      expect(drawn.greeting.text).toBe(painted.greeting.text);
      expectSameBox(drawn.greeting.box, painted.greeting.box, `${width}px saudação`);
      drawn.counts.forEach((c, i) => {
        expect(c.text).toBe(painted.counts[i]!.text);
        expectSameBox(c.box, painted.counts[i]!.box, `${width}px contagem ${i}`);
      });
      expectSameBox(drawn.link, painted.link, `${width}px Ver todos os projetos`);
      expect(drawn.cards.map((c) => c.text)).toEqual(painted.cards.map((c) => c.text));
      drawn.cards.forEach((c, i) => expectSameBox(c.box, painted.cards[i]!.box, `${width}px cartão ${i}`));
      expect(await lostCards(page)).toEqual([]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  test('sem projetos o estado vazio é pintado, e "Escolher um plano" clicado antes do código abre o seletor', async ({ page }) => {
    const user = await createConfirmedUser();
    await loginAs(page, user, '/__e2e-login__');
    const release = await holdModule(page, SCREEN_MODULE);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByText('Escolha um plano para começar seu primeiro projeto de IA.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(`Bem-vindo(a), ${user.name}!`);
    await page.getByRole('button', { name: 'Escolher um plano' }).click();
    expect(await screenStarted(page)).toBe(false);
    release();
    await expect(page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' })).toBeVisible();
  });

  test('o React e o código da tela só são pedidos depois que o painel foi pintado', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto antes do código' }]);
    await loginAs(page, user, '/__e2e-login__');
    await expectCodeAfterPaint(page, '/dashboard', 'main [role=article]', SCREEN_MODULE);
  });

  test('com uma resposta atrasada nada é pintado além do nome, e a tela começa pelo esqueleto', async ({ page }) => {
    const user = await createConfirmedUser();
    await seedProjects(user.id, [{ title: 'Projeto de resposta lenta' }]);
    await loginAs(page, user, '/__e2e-login__');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/rest\/v1\/rpc\/project_status_counts/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.locator('main .animate-pulse').first()).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    release();
    await expect(page.getByRole('article')).toContainText('Projeto de resposta lenta');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(`Bem-vindo(a), ${user.name}!`);
  });

  test('outra conta entrando no mesmo navegador nunca vê o painel da anterior', async ({ page }) => {
    const first = await createConfirmedUser();
    await seedProjects(first.id, [{ title: 'Projeto só da primeira conta' }]);
    await loginAs(page, first, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Projeto só da primeira conta' })).toBeVisible();

    const second = await createConfirmedUser();
    await seedProjects(second.id, [{ title: 'Projeto da segunda conta' }]);
    await watchLoad(page, ['Projeto só da primeira conta', first.name]);
    await loginAs(page, second, '/__e2e-login__');
    const release = await holdModule(page, SCREEN_MODULE);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Projeto da segunda conta' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(`Bem-vindo(a), ${second.name}!`);
    release();
    await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(await sawForbidden(page)).toEqual([]);
  });
});
