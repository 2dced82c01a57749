import { browserDay } from './browser-day';
import { expect, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { freshUser, screenshots, seedProjects, signIn, unique } from './projects-helpers';

// These flows span several page loads; on a shared 2-core machine they need more than the 30 s default.
test.describe.configure({ timeout: 90_000 });

test.describe('Dashboard', () => {
  test('mostra as boas-vindas, as quatro contagens do servidor e os 5 projetos mais recentes', async ({ page }) => {
    const user = await freshUser('dash');
    const tag = unique('dash');
    const seeded = await seedProjects(user.id, [
      { title: `${tag} P1 pendente`, description: 'Primeiro', status: 'pending', progress: 0, minutesAgo: 1 },
      { title: `${tag} P2 andamento`, description: 'Segundo', status: 'in-progress', progress: 40, minutesAgo: 2 },
      { title: `${tag} P3 concluído`, description: 'Terceiro', status: 'completed', progress: 100, minutesAgo: 3 },
      { title: `${tag} P4 andamento`, status: 'in-progress', progress: 70, minutesAgo: 4 },
      { title: `${tag} P5 pendente`, status: 'pending', minutesAgo: 5 },
      { title: `${tag} P6 concluído`, status: 'completed', progress: 100, minutesAgo: 6 },
      { title: `${tag} P7 antigo`, status: 'pending', minutesAgo: 7 },
    ]);
    await signIn(page, user);

    await expect(page.getByRole('heading', { level: 1 })).toContainText(user.name);
    const summary = page.getByRole('region', { name: 'Resumo dos projetos' });
    await expect(summary.getByText('Total de Projetos').locator('..')).toContainText('7');
    await expect(summary.getByText('Projetos Concluídos').locator('..')).toContainText('2');
    await expect(summary.getByText('Em Andamento').locator('..')).toContainText('2');
    await expect(summary.getByText('Pendentes').locator('..')).toContainText('3');

    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(cards.first()).toContainText(`${tag} P1 pendente`);
    await expect(page.getByText(`${tag} P6 concluído`)).toHaveCount(0);

    const pending = cards.filter({ hasText: `${tag} P1 pendente` });
    await expect(pending).toContainText('Pendente');
    await expect(pending).toContainText('Primeiro');
    await expect(pending.getByRole('progressbar')).toHaveCount(0);
    const day = browserDay(seeded[0].created_at);
    await expect(pending).toContainText(day);

    const running = cards.filter({ hasText: `${tag} P2 andamento` });
    await expect(running).toContainText('Em andamento');
    await expect(running.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(running).toContainText('40%');
    await expect(cards.filter({ hasText: `${tag} P3 concluído` })).toContainText('Concluído');

    await expect(running.getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', `/projects/${seeded[1].id}`);
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'dashboard');

    await running.getByRole('link', { name: 'Ver detalhes' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${seeded[1].id}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${tag} P2 andamento`);
  });

  test('sem projetos mostra "Nenhum projeto encontrado" com um botão para /projects', async ({ page }) => {
    const user = await freshUser('dash-vazio');
    await signIn(page, user);
    await expect(page.getByText('Nenhum projeto encontrado')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Resumo dos projetos' });
    await expect(summary.getByText('Total de Projetos').locator('..')).toContainText('0');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'dashboard-vazio');
    await page.getByRole('link', { name: 'Ir para Projetos' }).click();
    await expect(page).toHaveURL(/\/projects\/?$/);
  });

  test('uma falha ao carregar mostra "Erro ao carregar projetos" com a mensagem do servidor', async ({ page }) => {
    const user = await freshUser('dash-erro');
    await page.route(
      (url) => url.pathname.includes('/rest/v1/'),
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'XX000', message: 'banco indisponível', details: null, hint: null }),
        }),
    );
    await signIn(page, user);
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar projetos' })).toContainText('banco indisponível');
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expect(page.getByText('Nenhum projeto encontrado')).toHaveCount(0);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByText('Nenhum projeto encontrado')).toBeVisible();
  });
});
