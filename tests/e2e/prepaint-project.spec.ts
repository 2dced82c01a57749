// /projects/{id} paints the client's project (title, dates, actions, tabs and the 'Visão Geral' tab) from the page's
// early answer before the screen's code has arrived, with the screen's own markup, and the screen then takes over
// without moving anything and without its loading spinner in between. A click on the painted 'Editar' is kept. A
// project that is not the user's, or an id that is not a project, paints nothing: the screen behaves as it always did.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, holdModule, loginAs, serviceClient, test } from './fixtures';
import { seedProjects } from './projects-helpers';
import { browserDay } from './browser-day';
import { expectCodeAfterPaint, expectSameBox, sawForbidden, screenStarted, type Box } from './prepaint-helpers';

test.describe.configure({ timeout: 90_000 });

const SCREEN_MODULE = /\/_astro\/ProjectDetailScreen\.[^/]*\.js$/;

/**
 * Records whether the loading spinner ever came back once the project's title was on screen (`__spinnerAfterView`), and
 * whether any text in `forbidden` reached the page (read with sawForbidden).
 */
async function watchLoad(page: Page, forbidden: string[] = []): Promise<void> {
  await page.addInitScript((words: string[]) => {
    const w = window as unknown as { __viewShown?: boolean; __spinnerAfterView?: number; __sawForbidden?: string[] };
    w.__viewShown = false;
    w.__spinnerAfterView = 0;
    w.__sawForbidden = [];
    const check = () => {
      const main = document.querySelector('main');
      if (main) {
        if (main.querySelector('h1')) w.__viewShown = true;
        if (w.__viewShown && main.querySelector('[aria-label="Carregando projeto..."]')) w.__spinnerAfterView!++;
      }
      const text = document.body?.textContent ?? '';
      for (const word of words) if (text.includes(word) && !w.__sawForbidden!.includes(word)) w.__sawForbidden!.push(word);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, forbidden);
}

/**
 * Where the title, the buttons ('Solicitar cancelamento' stands where 'Excluir' is for a project past pending), the
 * tabs, the description, the progress bar and the plan are, and what the view says.
 */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element | null | undefined): Box | null => {
      if (!e) return null;
      const { x, y, width, height } = e.getBoundingClientRect();
      return { x, y, width, height };
    };
    const main = document.querySelector('main')!;
    const button = (name: string) => [...main.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
    return {
      title: box(main.querySelector('h1')),
      edit: box(button('Editar')),
      remove: box(button('Excluir') ?? [...main.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Solicitar cancelamento')),
      plan: box(main.querySelector('[data-fill="planPrice"]')),
      tabs: [...main.querySelectorAll('[role=tab]')].map((t) => box(t)),
      description: box(main.querySelectorAll('dd')[1]),
      bar: box(main.querySelector('[role=progressbar]')),
      text: (main as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    };
  });
}

test.describe('detalhe do projeto pintado antes do código da tela', () => {
  test('título e descrição aparecem com o módulo da tela retido e ficam no mesmo lugar quando a tela assume, sem o carregamento no meio', async ({ page }) => {
    const user = await createConfirmedUser();
    const [p] = await seedProjects(user.id, [
      { title: 'Chatbot de atendimento <b>&</b>', description: 'Responde dúvidas no site.\nSegunda linha.', status: 'in-progress', progress: 45 },
    ]);
    await serviceClient().from('projects').update({ plan: 'advanced' } as never).eq('id', p!.id);
    await loginAs(page, user, '/__e2e-login__');
    await watchLoad(page);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdModule(page, SCREEN_MODULE);
      await page.goto(`/projects/${p!.id}`, { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p!.title);
      await expect(page.getByText('Responde dúvidas no site.')).toBeVisible();
      expect(await screenStarted(page), 'the screen module is held').toBe(false);
      await expect(page.getByText(`Criado em ${browserDay(p!.created_at)} · Atualizado em ${browserDay(p!.updated_at)}`)).toBeVisible();
      await expect(page.getByRole('progressbar', { name: 'Progresso do projeto' })).toHaveAttribute('aria-valuenow', '45');
      await expect(page.getByText('Em andamento')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Visão Geral' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('link', { name: 'Solicitar cancelamento' })).toHaveAttribute('href', `/support?cancelar=${p!.id}`);
      await expect(page.getByText('Pacote Avançado IA')).toBeVisible();
      await expect(page.getByText('R$ 999,00/mês')).toBeVisible();
      const painted = await layout(page);

      release();
      await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
      expect(await screenStarted(page)).toBe(true);
      const drawn = await layout(page);
      expect(drawn.text).toBe(painted.text);
      expectSameBox(drawn.title, painted.title, `${width}px título`);
      expectSameBox(drawn.edit, painted.edit, `${width}px Editar`);
      expectSameBox(drawn.remove, painted.remove, `${width}px Solicitar cancelamento`);
      expectSameBox(drawn.plan, painted.plan, `${width}px preço do plano`);
      expect(drawn.tabs).toHaveLength(3);
      drawn.tabs.forEach((t, i) => expectSameBox(t, painted.tabs[i]!, `${width}px aba ${i}`));
      expectSameBox(drawn.description, painted.description, `${width}px descrição`);
      expectSameBox(drawn.bar, painted.bar, `${width}px progresso`);
      expect(await page.evaluate(() => (window as unknown as { __spinnerAfterView: number }).__spinnerAfterView)).toBe(0);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  test('o React e o código da tela só são pedidos depois que o projeto foi pintado', async ({ page }) => {
    const user = await createConfirmedUser();
    const [p] = await seedProjects(user.id, [{ title: 'Projeto antes do código', description: 'Descrição pintada.' }]);
    await loginAs(page, user, '/__e2e-login__');
    await expectCodeAfterPaint(page, `/projects/${p!.id}`, 'main h1', SCREEN_MODULE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Projeto antes do código');
  });

  test('um clique em "Editar" pintado antes do código da tela abre a edição quando a tela assume', async ({ page }) => {
    const user = await createConfirmedUser();
    const [p] = await seedProjects(user.id, [{ title: 'Projeto editado cedo', description: 'Texto original.', status: 'in-progress', progress: 20 }]);
    await loginAs(page, user, '/__e2e-login__');
    const release = await holdModule(page, SCREEN_MODULE);
    await page.goto(`/projects/${p!.id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Editar' }).click();
    expect(await screenStarted(page)).toBe(false);
    release();
    await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeVisible();
    await expect(page.getByLabel('Título')).toHaveValue('Projeto editado cedo');
    await expect(page.getByLabel('Descrição')).toHaveValue('Texto original.');
    // The screen's refresh of the project does not undo what is typed.
    await page.getByLabel('Título').fill('Projeto editado cedo, novo título');
    await page.waitForTimeout(500);
    await expect(page.getByLabel('Título')).toHaveValue('Projeto editado cedo, novo título');
    await expect(page.getByText('Alterações recuperadas')).toHaveCount(0);
  });

  test('com alterações não salvas guardadas na aba, nada é pintado e a tela abre a edição como antes', async ({ page }) => {
    const user = await createConfirmedUser();
    const [p] = await seedProjects(user.id, [{ title: 'Projeto com rascunho', status: 'in-progress', progress: 10 }]);
    await loginAs(page, user, '/__e2e-login__');
    await page.evaluate(
      ([key, value]) => sessionStorage.setItem(key, value),
      [
        `portal-ia:project-draft:${p!.id}`,
        JSON.stringify({ draft: { title: 'Título do rascunho', description: '', status: 'in-progress', progress: 10 }, baseUpdatedAt: p!.updated_at }),
      ] as const,
    );
    const release = await holdModule(page, SCREEN_MODULE);
    await page.goto(`/projects/${p!.id}`, { waitUntil: 'commit' });
    await expect(page.getByRole('status', { name: 'Carregando projeto...' })).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    release();
    await expect(page.getByLabel('Título')).toHaveValue('Título do rascunho');
    await expect(page.getByText('Alterações recuperadas')).toBeVisible();
  });

  test('um id que não é projeto ou o projeto de outra conta não pinta nada e mostra "Projeto não encontrado" como antes', async ({ page }) => {
    const owner = await createConfirmedUser();
    const [theirs] = await seedProjects(owner.id, [{ title: 'Projeto de outra conta', description: 'Segredo de outra conta.' }]);
    const user = await createConfirmedUser();
    await loginAs(page, user, '/__e2e-login__');
    await watchLoad(page, ['Projeto de outra conta', 'Segredo de outra conta.']);
    for (const id of [theirs!.id, '6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', 'nao-e-um-uuid']) {
      const release = await holdModule(page, SCREEN_MODULE);
      await page.goto(`/projects/${id}`, { waitUntil: 'commit' });
      await expect(page.getByRole('status', { name: 'Carregando projeto...' })).toBeVisible();
      await page.waitForTimeout(1_000);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      expect(await screenStarted(page), id).toBe(false);
      release();
      await page.waitForURL(/\/projects\/?$/);
      await expect(page.getByRole('alert').filter({ hasText: 'Projeto não encontrado' })).toBeVisible();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    expect(await sawForbidden(page)).toEqual([]);
  });
});
