import { browserDay } from './browser-day';
import { expect, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import {
  dbProject,
  failOnDialog,
  freshUser,
  screenshots,
  seedProjects,
  signIn,
  unique,
} from './projects-helpers';

// These flows span several page loads; on a shared 2-core machine they need more than the 30 s default.
test.describe.configure({ timeout: 90_000 });

test.describe('Projetos: lista', () => {
  test('mostra os cartões como especificado, busca e filtra no servidor, e volta com "Limpar filtros"', async ({ page }) => {
    const user = await freshUser('lista');
    const tag = unique('lista');
    const [alpha] = await seedProjects(user.id, [
      { title: `${tag} Chatbot Alfa`, description: 'Atendimento automático', status: 'in-progress', progress: 35, minutesAgo: 1 },
      { title: `${tag} Previsão Beta`, description: 'Análise preditiva', status: 'pending', progress: 0, minutesAgo: 2 },
      { title: `${tag} Painel Gama`, status: 'completed', progress: 100, minutesAgo: 3 },
      { title: `${tag} Sem progresso`, status: 'in-progress', progress: null, minutesAgo: 4 },
    ]);
    await signIn(page, user, '/projects');

    await expect(page.getByRole('heading', { level: 1, name: 'Projetos' })).toBeVisible();
    await expect(page.getByText('Gerencie todos os seus projetos de IA ou crie um novo.')).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);

    const a = cards.filter({ hasText: 'Chatbot Alfa' });
    await expect(a).toContainText('Em andamento');
    await expect(a).toContainText('Atendimento automático');
    await expect(a).toContainText(`Criado em ${browserDay(alpha.created_at)}`);
    await expect(a.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '35');
    await expect(a).toContainText('35%');
    await expect(a.getByRole('link', { name: 'Ver detalhes' })).toHaveAttribute('href', `/projects/${alpha.id}`);
    // In progress: only a pending project can be deleted by the client (the card has no delete button).
    await expect(a.getByRole('button', { name: /^Excluir projeto/ })).toHaveCount(0);
    await expect(cards.filter({ hasText: 'Previsão Beta' }).getByRole('progressbar')).toHaveCount(0);
    await expect(cards.filter({ hasText: 'Sem progresso' }).getByRole('progressbar')).toHaveCount(0);
    await expect(cards.filter({ hasText: 'Painel Gama' })).toContainText('Concluído');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'projetos');

    // Search runs on the server (rpc search_projects: contains on the title), case-insensitively.
    const searched = page.waitForRequest((r) => r.url().includes('/rest/v1/rpc/search_projects'));
    await page.getByRole('searchbox', { name: 'Buscar projetos' }).fill('chatbot alfa');
    await searched;
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Chatbot Alfa');

    await page.getByRole('searchbox', { name: 'Buscar projetos' }).fill('');
    await expect(cards).toHaveCount(4);
    await page.getByLabel('Filtrar por status').selectOption({ label: 'Concluído' });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Painel Gama');

    await page.getByRole('searchbox', { name: 'Buscar projetos' }).fill('nada-assim-existe');
    await expect(page.getByText('Nenhum projeto corresponde aos filtros.')).toBeVisible();
    await expect(page.getByText('Nenhum projeto encontrado')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole('searchbox', { name: 'Buscar projetos' })).toHaveValue('');
    await expect(page.getByLabel('Filtrar por status')).toHaveValue('');
  });

  test('sem projetos convida a criar o primeiro, e "Criar projeto" abre o seletor de planos', async ({ page }) => {
    const user = await freshUser('lista-vazia');
    await signIn(page, user, '/projects');
    await expect(page.getByText('Nenhum projeto encontrado')).toBeVisible();
    await expect(page.getByText('Crie seu primeiro projeto selecionando um plano.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'projetos-vazio');
    await page.getByRole('button', { name: 'Criar projeto' }).click();
    await expect(page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' })).toBeVisible();
  });

  test('mostra 50 por página e "Carregar mais" só quando há mais', async ({ page }) => {
    const user = await freshUser('paginas');
    const tag = unique('pag');
    await seedProjects(
      user.id,
      Array.from({ length: 53 }, (_, i) => ({ title: `${tag} nº ${String(i + 1).padStart(2, '0')}`, minutesAgo: i + 1 })),
    );
    await signIn(page, user, '/projects');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(50);
    await expect(page.getByText('Exibindo 50 de 53 projetos.')).toBeVisible();
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect(cards).toHaveCount(53);
    await expect(cards.last()).toContainText(`${tag} nº 53`);
    await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
  });

  test('exclui um projeto da lista após confirmação', async ({ page }) => {
    const user = await freshUser('excluir-lista');
    const tag = unique('del');
    const [gone] = await seedProjects(user.id, [{ title: `${tag} a excluir` }, { title: `${tag} fica` }]);
    await signIn(page, user, '/projects');
    const card = page.getByRole('article').filter({ hasText: `${tag} a excluir` });
    await card.getByRole('button', { name: /^Excluir projeto/ }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Você tem certeza?' });
    await expect(dialog).toContainText(
      'Esta ação não pode ser desfeita. Isso excluirá permanentemente o projeto e removerá seus dados de nossos servidores.',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: /^Excluir projeto/ })).toBeFocused();
    expect(await dbProject(gone.id)).not.toBeNull();

    await card.getByRole('button', { name: /^Excluir projeto/ }).click();
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sucesso' })).toContainText('Projeto excluído com sucesso.');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Projetos' })).toBeFocused();
    expect(await dbProject(gone.id)).toBeNull();
  });

  test('uma falha ao excluir mostra "Erro ao excluir projeto" e mantém o cartão', async ({ page }) => {
    const user = await freshUser('excluir-falha');
    const [p] = await seedProjects(user.id, [{ title: unique('falha') }]);
    await signIn(page, user, '/projects');
    await page.route((url) => url.pathname.endsWith('/rest/v1/projects'), (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'internal error', details: null, hint: null }) })
        : route.continue(),
    );
    await page.getByRole('button', { name: /^Excluir projeto/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir', exact: true }).click();
    // The server's English stays out: a 5xx reads as the server's trouble, in Portuguese.
    const alert = page.getByRole('alert').filter({ hasText: 'Erro ao excluir projeto' });
    await expect(alert).toContainText('O servidor teve um problema. Tente novamente em instantes.');
    await expect(alert).not.toContainText('internal error');
    await expect(page.getByRole('article')).toHaveCount(1);
    expect(await dbProject(p.id)).not.toBeNull();
  });
});

test.describe('Projetos: seletor de planos', () => {
  test('mostra os quatro planos; escolher um cria o projeto e o toast diz que a equipe entrará em contato, sem passo de pagamento', async ({ page }) => {
    const user = await freshUser('planos');
    await signIn(page, user, '/projects');
    const novo = page.getByRole('button', { name: 'Novo Projeto' });
    await novo.click();

    const dialog = page.getByRole('dialog', { name: 'Escolha o Plano Ideal para Você' });
    await expect(dialog).toContainText('Selecione um dos nossos pacotes de serviços de IA para iniciar seu projeto.');
    for (const [name, price] of [
      ['Pacote Essencial IA', 'R$ 499/mês'],
      ['Pacote Avançado IA', 'R$ 999/mês'],
      ['Pacote Premium IA', 'R$ 1.999/mês'],
      ['Pacote Corporativo IA', 'Personalizado'],
    ]) {
      await expect(dialog.getByRole('region', { name })).toContainText(price);
    }
    await expect(dialog.getByRole('button', { name: 'Selecionar Plano' })).toHaveCount(3);
    await expect(dialog.getByRole('button', { name: 'Entrar em Contato' })).toHaveCount(1);
    await expect(dialog.getByRole('region', { name: 'Pacote Avançado IA' })).toContainText('Mais Popular');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'planos');

    await dialog.getByRole('region', { name: 'Pacote Avançado IA' }).getByRole('button', { name: 'Selecionar Plano' }).click();
    await expect(dialog).toBeHidden();
    const toast = page.getByRole('status').filter({ hasText: 'Projeto criado!' });
    await expect(toast).toContainText('Seu projeto do Pacote Avançado IA foi criado. Nossa equipe entrará em contato para combinar os próximos passos.');
    await expect(novo).toBeFocused();
    await expect(page.getByText(/Pagamento/)).toHaveCount(0);

    await novo.click();
    await dialog.getByRole('button', { name: 'Entrar em Contato' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Projeto criado!' })).toContainText(
      'Seu projeto do Pacote Corporativo IA foi criado. Entraremos em contato para discutir suas necessidades e o preço.',
    );
    await expect(page.getByRole('article')).toHaveCount(2);

    await novo.click();
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await expect(dialog).toBeHidden();
    await novo.click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(novo).toBeFocused();
  });
});

test.describe('Projetos: isolamento e texto hostil', () => {
  test('um segundo cliente nunca vê os projetos do primeiro (lista, dashboard e detalhe)', async ({ page }) => {
    const owner = await freshUser('dono');
    const other = await freshUser('outro');
    const tag = unique('segredo');
    const [secret] = await seedProjects(owner.id, [{ title: `${tag} do dono`, status: 'in-progress', progress: 20 }]);
    await signIn(page, other);
    await expect(page.getByText('Nenhum projeto encontrado')).toBeVisible();
    await expect(page.getByText(tag)).toHaveCount(0);
    await page.goto('/projects');
    await expect(page.getByText('Crie seu primeiro projeto selecionando um plano.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar projetos' }).fill(tag);
    await expect(page.getByText('Nenhum projeto corresponde aos filtros.')).toBeVisible();

    await page.goto(`/projects/${secret.id}`);
    await expect(page.getByText('Projeto não encontrado').first()).toBeVisible();
    await page.waitForURL(/\/projects\/?$/);
    await expect(page.getByText(tag)).toHaveCount(0);
    expect((await dbProject(secret.id))?.title).toBe(`${tag} do dono`);
  });

  test('texto hostil aparece literalmente, sem diálogo, e textos longos não quebram o layout', async ({ page }) => {
    const seen = failOnDialog(page);
    const user = await freshUser('hostil');
    const hostile = '<img src=x onerror=alert(1)>';
    const longWord = 'A'.repeat(194); // titles are kept to 200 characters by the database
    const [p] = await seedProjects(user.id, [
      { title: hostile, description: `javascript:alert(1) ${hostile}`, status: 'in-progress', progress: 50, minutesAgo: 1 },
      { title: `Longo ${longWord}`, description: 'palavra '.repeat(400), minutesAgo: 2 },
    ]);
    await signIn(page, user);
    await expect(page.getByRole('heading', { name: hostile })).toBeVisible();
    await screenshots(page, 'dashboard-hostil');
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: hostile })).toBeVisible();
    await expect(page.getByText(`javascript:alert(1) ${hostile}`)).toBeVisible();
    await screenshots(page, 'projetos-hostil');
    await page.goto(`/projects/${p.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostile);
    await screenshots(page, 'detalhe-hostil');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(seen.dialogs).toEqual([]);
  });
});
