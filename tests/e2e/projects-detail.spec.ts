import { browserDay } from './browser-day';
import type { Page } from '@playwright/test';
import { anonClient, expect, loginAs, serviceClient, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { dbProject, freshUser, screenshots, seedProjects, signIn, unique } from './projects-helpers';

// These flows span several page loads; on a shared 2-core machine they need more than the 30 s default.
test.describe.configure({ timeout: 90_000 });

const saveButton = (page: Page) => page.getByRole('button', { name: 'Salvar', exact: true });
const projectsEndpoint = (url: URL) => url.pathname.endsWith('/rest/v1/projects');

async function expectSaved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Projeto atualizado' })).toContainText('Alterações salvas com sucesso.');
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
}

/** Closes the toast on screen (one at most), so the next save's 'Projeto atualizado' has to be a new one. */
async function closeToast(page: Page) {
  const close = page.getByRole('region', { name: 'Notificações' }).getByRole('button', { name: 'Fechar notificação' });
  // It may close by itself (after 5 s) before the click: what matters is that none is left on screen.
  if (await close.count()) await close.click({ timeout: 5_000 }).catch(() => {});
  await expect(close).toHaveCount(0);
}

async function setStatus(page: Page, label: 'Pendente' | 'Em andamento' | 'Concluído') {
  await page.getByLabel('Status').selectOption({ label });
}

test.describe('Detalhe do projeto', () => {
  // One user, one project: the tabs' cards and keyboard, then the tab kept in the address (each a step).
  test('mostra título, datas, abas com seus cartões e navega pelas abas com o teclado; a aba fica no endereço: ?tab=documentos abre Documentos, trocar de aba troca o endereço, e recarregar ou voltar mantém a aba', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await freshUser('detalhe');
    const [p] = await seedProjects(user.id, [
      { title: unique('Detalhe'), description: 'Linha 1\nLinha 2', status: 'in-progress', progress: 45 },
    ]);
    await signIn(page, user, `/projects/${p.id}`);

    await test.step('mostra título, datas, abas com seus cartões e navega pelas abas com o teclado', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
      const day = browserDay(p.created_at);
      await expect.soft(page.getByText(`Criado em ${day}`), 'data de criação').toBeVisible();
      await expect.soft(page.getByRole('link', { name: 'Voltar para projetos' }), 'link de volta').toHaveAttribute('href', '/projects');
      for (const title of ['Detalhes do Projeto', 'Status e Progresso', 'Datas Importantes']) {
        await expect.soft(page.getByRole('heading', { name: title }), `cartão "${title}"`).toBeVisible();
      }
      await expect.soft(page.getByText('Última Atualização'), 'última atualização').toBeVisible();
      await expect.soft(page.getByRole('progressbar', { name: 'Progresso do projeto' }), 'progresso').toHaveAttribute('aria-valuenow', '45');
      await expectNoSeriousAxeViolations(page);
      await screenshots(page, 'detalhe');

      const overview = page.getByRole('tab', { name: 'Visão Geral' });
      await expect(overview).toHaveAttribute('aria-selected', 'true');
      await overview.focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Atualizações' })).toHaveAttribute('aria-selected', 'true');
      await expect.soft(page.getByPlaceholder('Adicionar uma nova atualização...'), 'campo de atualização').toBeVisible();
      await expect.soft(page.getByRole('button', { name: 'Adicionar Atualização' }), 'botão de atualização').toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Documentos' })).toHaveAttribute('aria-selected', 'true');
      await expect.soft(page.getByText('Arraste e solte arquivos aqui ou clique para fazer upload'), 'área de upload').toBeVisible();
      await expect.soft(page.getByRole('button', { name: 'Selecionar Arquivo' }), 'botão de upload').toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });

    await test.step('a aba fica no endereço: ?tab=documentos abre Documentos, trocar de aba troca o endereço, e recarregar ou voltar mantém a aba', async () => {
      // The open tab is in the address: a load of it (here a reload) opens 'Documentos' again. An address with a query
      // string is not painted from the HTML: the view comes with the screen's code.
      await expect(page).toHaveURL(/\?tab=documentos$/);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title, { timeout: 30_000 });
      await expect.soft(page.getByRole('tab', { name: 'Documentos' }), '?tab=documentos carregado').toHaveAttribute('aria-selected', 'true');
      await expect.soft(page.getByText('Arraste e solte arquivos aqui ou clique para fazer upload'), '?tab=documentos: área de upload').toBeVisible();

      await page.getByRole('tab', { name: 'Atualizações' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${p.id}\\?tab=atualizacoes$`));
      await page.reload();
      await expect.soft(page.getByRole('tab', { name: 'Atualizações' }), '?tab=atualizacoes recarregado').toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
      await expect.soft(page.getByPlaceholder('Adicionar uma nova atualização...'), '?tab=atualizacoes: campo').toBeVisible();

      await page.getByRole('tab', { name: 'Visão Geral' }).click();
      await expect.soft(page, 'Visão Geral sem ?tab').toHaveURL(new RegExp(`/projects/${p.id}$`));
      await page.getByRole('tab', { name: 'Documentos' }).click();
      await page.goto('/projects');
      await page.goBack();
      await expect.soft(page, 'voltar: endereço').toHaveURL(new RegExp(`\\?tab=documentos$`));
      await expect.soft(page.getByRole('tab', { name: 'Documentos' }), 'voltar: aba').toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });

      // The agency's project screen takes the same addresses.
      await loginAs(page, 'admin', `/admin/projects/${p.id}?tab=documentos`);
      await expect.soft(page.getByRole('tab', { name: 'Documentos' }), 'admin: ?tab=documentos').toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
      await page.getByRole('tab', { name: 'Atualizações' }).click();
      await expect.soft(page, 'admin: trocar de aba').toHaveURL(new RegExp(`/admin/projects/${p.id}\\?tab=atualizacoes$`));
    });
  });

  // One user and project, one sign-in: the client's edits in sequence, each a step; the session's end comes last.
  test('o cliente edita título e descrição: "Cancelar", campos da agência, "Salvando..." com um só PATCH, falhas que mantêm o texto, token vencido e sessão encerrada', async ({ page }) => {
    test.setTimeout(180_000);
    const user = await freshUser('edicao');
    const [p] = await seedProjects(user.id, [{ title: unique('Edição'), description: 'Original', status: 'in-progress', progress: 40 }]);
    await signIn(page, user, `/projects/${p.id}`);

    await test.step('"Cancelar" restaura os valores gravados e não grava nada', async () => {
      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByLabel('Título').fill('Outro título');
      await page.getByLabel('Descrição').fill('Outra descrição');
      await expectNoSeriousAxeViolations(page);
      await screenshots(page, 'detalhe-edicao');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await expect.soft(page.getByRole('heading', { level: 1 }), 'título depois de cancelar').toHaveText(p.title);
      await expect.soft(page.getByText('Original'), 'descrição depois de cancelar').toBeVisible();
      // Editing again starts from the stored values (the form stays open for the next step).
      await page.getByRole('button', { name: 'Editar' }).click();
      await expect.soft(page.getByLabel('Título'), 'título ao editar de novo').toHaveValue(p.title);
      await expect.soft(page.getByLabel('Descrição'), 'descrição ao editar de novo').toHaveValue('Original');
      expect.soft(await dbProject(p.id), 'nada gravado').toMatchObject({ title: p.title, progress: 40, updated_at: p.updated_at });
    });

    await test.step('o cliente edita só o título e a descrição: status e progresso são da agência', async () => {
      await expect(page.getByLabel('Título')).toBeVisible();
      await expect.soft(page.getByLabel('Status'), 'campo de status').toHaveCount(0);
      await expect.soft(page.getByLabel('Progresso (%)'), 'campo de progresso').toHaveCount(0);
      await expect.soft(page.getByRole('progressbar', { name: 'Progresso do projeto' }), 'progresso mostrado').toHaveAttribute('aria-valuenow', '40');
      await page.getByLabel('Título').fill(`${p.title} renomeado`);
      await page.getByLabel('Descrição').fill('Nova descrição');
      await saveButton(page).click();
      await expectSaved(page);
      expect.soft(await dbProject(p.id), 'gravado').toMatchObject({ title: `${p.title} renomeado`, description: 'Nova descrição', status: 'in-progress', progress: 40 });
      await closeToast(page);
    });

    await test.step('"Salvando..." enquanto grava e um duplo clique envia um único PATCH', async () => {
      let patches = 0;
      await page.route(projectsEndpoint, async (route) => {
        if (route.request().method() === 'PATCH') {
          patches += 1;
          await new Promise((r) => setTimeout(r, 800));
        }
        await route.continue();
      });
      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByLabel('Título').fill('Duplo clicado');
      await saveButton(page).dblclick();
      await expect.soft(page.getByRole('button', { name: 'Salvando...' }), '"Salvando..."').toBeDisabled();
      await expectSaved(page);
      expect.soft(patches, 'PATCHes do duplo clique').toBe(1);
      expect.soft(await dbProject(p.id), 'gravado').toMatchObject({ title: 'Duplo clicado' });
      await page.unroute(projectsEndpoint);
      await closeToast(page);
    });

    await test.step('uma gravação que falha (rede ou servidor) mantém o que foi digitado, avisa, e tentar de novo funciona', async () => {
      let mode: 'offline' | 'error' | 'ok' = 'offline';
      await page.route(projectsEndpoint, (route) => {
        if (route.request().method() !== 'PATCH' || mode === 'ok') return route.continue();
        if (mode === 'offline') return route.abort('internetdisconnected');
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'XX000', message: 'Serviço indisponível', details: null, hint: null }),
        });
      });
      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByLabel('Título').fill('Título digitado');
      await page.getByLabel('Descrição').fill('Descrição digitada que não pode se perder');
      await saveButton(page).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Erro ao atualizar' });
      await expect(alert).toContainText('Seus dados foram mantidos; tente novamente.');
      await expect.soft(alert, 'sem rede: motivo').toContainText('Não foi possível conectar ao servidor.');
      await expect.soft(page.getByLabel('Título'), 'sem rede: título mantido').toHaveValue('Título digitado');
      await expect.soft(page.getByLabel('Descrição'), 'sem rede: descrição mantida').toHaveValue('Descrição digitada que não pode se perder');

      mode = 'error';
      await saveButton(page).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Serviço indisponível' })).toContainText('Seus dados foram mantidos');
      await expect.soft(page.getByLabel('Descrição'), 'erro do servidor: descrição mantida').toHaveValue('Descrição digitada que não pode se perder');
      expect.soft(await dbProject(p.id), 'nada gravado pelas falhas').toMatchObject({ title: 'Duplo clicado', description: 'Nova descrição', progress: 40 });

      // Even a reload keeps the edits (mirrored in this tab's storage).
      await page.reload();
      await expect(page.getByLabel('Descrição')).toHaveValue('Descrição digitada que não pode se perder');

      mode = 'ok';
      await saveButton(page).click();
      await expectSaved(page);
      expect.soft(await dbProject(p.id), 'gravado na nova tentativa').toMatchObject({
        title: 'Título digitado',
        description: 'Descrição digitada que não pode se perder',
        progress: 40,
      });
      await page.unroute(projectsEndpoint);
      await closeToast(page);
    });

    await test.step('token de acesso vencido: a gravação renova a sessão e salva', async () => {
      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByLabel('Descrição').fill('Depois do token vencido');
      await expireStoredAccessToken(page);
      await saveButton(page).click();
      await expectSaved(page);
      expect.soft(await dbProject(p.id), 'gravado com a sessão renovada').toMatchObject({ description: 'Depois do token vencido' });
      await closeToast(page);
    });

    await test.step('sessão encerrada durante a edição: pede para entrar de novo e o texto digitado sobrevive', async () => {
      await page.getByRole('button', { name: 'Editar' }).click();
      await page.getByLabel('Descrição').fill('Texto escrito antes da sessão acabar');

      // Every session of the user ends elsewhere (global sign-out), and this tab's access token is past its expiry.
      const other = anonClient();
      await other.auth.signInWithPassword({ email: user.email, password: user.password });
      await other.auth.signOut({ scope: 'global' });
      await expireStoredAccessToken(page);
      await saveButton(page).click();

      // The page stays (it asks to sign in again without leaving it), the typed text is still on screen.
      const notice = page.locator('form[role="alert"]').filter({ hasText: 'Sua sessão expirou' });
      await expect(notice).toContainText(user.email);
      await expect.soft(page.getByLabel('Descrição'), 'texto digitado na tela').toHaveValue('Texto escrito antes da sessão acabar');
      expect.soft(new URL(page.url()).pathname, 'continua no projeto').toMatch(new RegExp(`^/projects/${p.id}/?$`));
      await notice.getByLabel('Senha').fill(user.password);
      await notice.getByRole('button', { name: 'Entrar e salvar' }).click();
      await expectSaved(page);
      expect((await dbProject(p.id))?.description).toBe('Texto escrito antes da sessão acabar');
    });
  });

  test('a equipe edita por todas as transições de status e grava o progresso normalizado no banco', async ({ page }) => {
    const user = await freshUser('transicoes');
    const [p] = await seedProjects(user.id, [{ title: unique('Transições'), status: 'pending', progress: null }]);
    await loginAs(page, 'admin', `/admin/projects/${p.id}`);
    const progress = page.getByLabel('Progresso (%)');

    // pending → in-progress with the field empty: 50.
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(progress).toHaveCount(0);
    await setStatus(page, 'Em andamento');
    await expect(progress).toHaveValue('');
    await page.getByLabel('Título').fill(`${p.title} editado`);
    await saveButton(page).click();
    await expectSaved(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${p.title} editado`);
    expect(await dbProject(p.id)).toMatchObject({ status: 'in-progress', progress: 50, title: `${p.title} editado` });

    // in-progress → in-progress: the typed value is kept (typing clamps to 0-100).
    await page.getByRole('button', { name: 'Editar' }).click();
    await progress.fill('150');
    await expect(progress).toHaveValue('100');
    await progress.fill('5');
    await saveButton(page).click();
    await expectSaved(page);
    expect(await dbProject(p.id)).toMatchObject({ status: 'in-progress', progress: 5 });

    // in-progress → completed: 100, and the field is read-only.
    await page.getByRole('button', { name: 'Editar' }).click();
    await setStatus(page, 'Concluído');
    await expect(progress).toHaveCount(0);
    await saveButton(page).click();
    await expectSaved(page);
    expect(await dbProject(p.id)).toMatchObject({ status: 'completed', progress: 100 });

    // completed → in-progress: the edited value clamped to 10-90 (100 → 90).
    await page.getByRole('button', { name: 'Editar' }).click();
    await setStatus(page, 'Em andamento');
    await expect(progress).toHaveValue('100');
    await saveButton(page).click();
    await expectSaved(page);
    expect(await dbProject(p.id)).toMatchObject({ status: 'in-progress', progress: 90 });

    // in-progress → pending: 0, and the progress is hidden.
    await page.getByRole('button', { name: 'Editar' }).click();
    await setStatus(page, 'Pendente');
    await expect(progress).toHaveCount(0);
    await saveButton(page).click();
    await expectSaved(page);
    expect(await dbProject(p.id)).toMatchObject({ status: 'pending', progress: 0 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    // pending → in-progress with 0 typed: 0 is a value, clamped to 10.
    await page.getByRole('button', { name: 'Editar' }).click();
    await setStatus(page, 'Em andamento');
    await progress.fill('0');
    await saveButton(page).click();
    await expectSaved(page);
    expect(await dbProject(p.id)).toMatchObject({ status: 'in-progress', progress: 10 });

    // pending → completed directly: 100; completed → pending: 0.
    await page.getByRole('button', { name: 'Editar' }).click();
    await setStatus(page, 'Concluído');
    await saveButton(page).click();
    await expectSaved(page);
    expect(await dbProject(p.id)).toMatchObject({ status: 'completed', progress: 100 });
    await page.getByRole('button', { name: 'Editar' }).click();
    await setStatus(page, 'Pendente');
    await saveButton(page).click();
    await expectSaved(page);
    expect(await dbProject(p.id)).toMatchObject({ status: 'pending', progress: 0 });
  });

  test('duas abas editando: a gravação mais tarde é recusada, avisa e permite recarregar', async ({ page, context }) => {
    const user = await freshUser('abas');
    const [p] = await seedProjects(user.id, [{ title: unique('Abas'), status: 'in-progress', progress: 20 }]);
    await signIn(page, user, `/projects/${p.id}`);
    const other = await context.newPage();
    await other.goto(`/projects/${p.id}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    await other.getByRole('button', { name: 'Editar' }).click();

    await other.getByLabel('Título').fill('Versão da outra aba');
    await saveButton(other).click();
    await expectSaved(other);

    await page.getByLabel('Título').fill('Versão desta aba');
    await saveButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao atualizar' })).toContainText('alterado em outra aba');
    await expect(page.getByLabel('Título')).toHaveValue('Versão desta aba');
    expect((await dbProject(p.id))?.title).toBe('Versão da outra aba');

    await page.getByRole('button', { name: 'Recarregar versão atual' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Versão da outra aba');
    await expect(page.getByLabel('Título')).toHaveValue('Versão desta aba');
    await saveButton(page).click();
    await expectSaved(page);
    expect((await dbProject(p.id))?.title).toBe('Versão desta aba');
  });

  // One user with a pending project (deleted from its screen, which ends on /projects) and one in progress (only a
  // cancellation can be asked for), one sign-in for both.
  test('exclui pelo detalhe: diálogo, "Projeto excluído" e volta a /projects; um projeto em andamento não é excluído pelo cliente: "Solicitar cancelamento" abre um ticket ligado ao projeto, já preenchido, e o projeto fica', async ({ page }) => {
    test.setTimeout(180_000); // six screens, two accounts
    const user = await freshUser('excluir-cancelar');
    const [pending, p] = await seedProjects(user.id, [
      { title: unique('Excluir') },
      { title: unique('Cancelar de verdade'), status: 'in-progress', progress: 35 },
    ]);
    await signIn(page, user, `/projects/${pending.id}`);

    await test.step('exclui pelo detalhe: diálogo, "Projeto excluído" e volta a /projects', async () => {
      await page.getByRole('button', { name: 'Excluir' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Você tem certeza?' });
      await expect(dialog).toContainText(
        'Esta ação não pode ser desfeita. Isso excluirá permanentemente o projeto e removerá seus dados de nossos servidores.',
      );
      await expect.soft(dialog.getByRole('button', { name: 'Cancelar' }), 'foco em "Cancelar"').toBeFocused();
      await expectNoSeriousAxeViolations(page);
      await page.route(projectsEndpoint, async (route) => {
        if (route.request().method() === 'DELETE') await new Promise((r) => setTimeout(r, 500));
        await route.continue();
      });
      await dialog.getByRole('button', { name: 'Excluir', exact: true }).click();
      await expect.soft(dialog.getByRole('button', { name: 'Excluindo...' }), '"Excluindo..."').toBeDisabled();
      await page.waitForURL(/\/projects\/?$/);
      await expect.soft(page.getByRole('status').filter({ hasText: 'Projeto excluído' }), 'aviso de exclusão').toContainText('O projeto foi excluído.');
      expect.soft(await dbProject(pending.id), 'excluído do banco').toBeNull();
      await page.unroute(projectsEndpoint);
    });

    await test.step('um projeto em andamento não é excluído pelo cliente: "Solicitar cancelamento" abre um ticket ligado ao projeto, já preenchido, e o projeto fica', async () => {
      const card = page.getByRole('article').filter({ hasText: p.title });
      await expect(card).toBeVisible();
      await expect(card.getByRole('button', { name: /^Excluir projeto/ })).toHaveCount(0);

      await page.goto(`/projects/${p.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
      await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Solicitar cancelamento' }).click();

      await page.waitForURL(/\/support\/?$/);
      await expect(page.getByLabel('Assunto')).toHaveValue('Solicitação de cancelamento do projeto');
      await expect(page.getByLabel('Projeto (opcional)')).toHaveValue(p.id);
      await expect(page.getByLabel('Projeto (opcional)').locator('option:checked')).toHaveText(p.title);
      await expect(page.getByLabel('Mensagem')).toHaveValue(/Gostaria de solicitar o cancelamento do projeto selecionado acima\./);
      await expectNoSeriousAxeViolations(page);
      await screenshots(page, 'suporte-cancelamento');
      await page.getByLabel('Mensagem').press('Control+End');
      await page.getByLabel('Mensagem').pressSequentially('não precisamos mais.');
      await page.getByRole('button', { name: 'Enviar Ticket' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Ticket enviado!' })).toBeVisible();

      const { data: tickets } = await serviceClient().from('support_tickets').select('id, subject, message_content, project_id').eq('user_id', user.id);
      expect(tickets).toEqual([
        expect.objectContaining({ subject: 'Solicitação de cancelamento do projeto', project_id: p.id, message_content: expect.stringMatching(/Motivo: não precisamos mais\.$/) }),
      ]);
      expect(await dbProject(p.id)).toMatchObject({ status: 'in-progress', progress: 35 });

      // The ticket names the project on both sides; the agency's panel links to the agency's project screen.
      const ticketId = (tickets as { id: string }[])[0]!.id;
      await page.goto(`/support/${ticketId}`);
      await expect(page.getByTestId('ticket-header').getByRole('link', { name: p.title })).toHaveAttribute('href', `/projects/${p.id}`);
      await loginAs(page, 'admin', `/admin/support/${ticketId}`);
      const panel = page.getByRole('complementary', { name: 'Detalhes do ticket' });
      await expect(panel.getByRole('link', { name: p.title })).toHaveAttribute('href', `/admin/projects/${p.id}`);
      await panel.getByRole('link', { name: p.title }).click();
      await page.waitForURL(new RegExp(`/admin/projects/${p.id}/?$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
    });
  });

  test('o plano e o preço mensal aparecem no projeto, no cartão e no painel, também depois de renomear o projeto', async ({ page }) => {
    const user = await freshUser('plano-visivel');
    const [p] = await seedProjects(user.id, [{ title: 'Pacote Avançado IA', status: 'pending', progress: 0 }]);
    await serviceClient().from('projects').update({ plan: 'advanced' } as never).eq('id', p.id);
    await signIn(page, user, `/projects/${p.id}`);
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Título').fill('Chatbot de vendas');
    await saveButton(page).click();
    await expectSaved(page);

    const planCard = page.getByRole('heading', { name: 'Plano Contratado' }).locator('xpath=ancestor::*[contains(@class,"rounded")][1]');
    await expect(planCard).toContainText('Pacote Avançado IA');
    await expect(planCard).toContainText('R$ 999,00/mês');
    await page.reload(); // painted from the page's HTML before React, then React's own
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chatbot de vendas');
    await expect(planCard).toContainText('Pacote Avançado IA');

    await page.goto('/projects');
    const card = page.getByRole('article').filter({ hasText: 'Chatbot de vendas' });
    await expect(card).toContainText('Pacote Avançado IA · R$ 999,00/mês');
    await screenshots(page, 'projetos-plano');
    await page.goto('/dashboard');
    await expect(page.getByRole('article').filter({ hasText: 'Chatbot de vendas' })).toContainText('Pacote Avançado IA · R$ 999,00/mês');
  });

  // One sign-in, straight to the first address that cannot be shown (each ends back on /projects).
  test('um id inexistente ou inválido mostra "Projeto não encontrado" e volta a /projects; outro erro ao carregar mostra "Erro ao carregar projeto" e volta a /projects', async ({ page }) => {
    const user = await freshUser('inexistente-erro');
    const [p] = await seedProjects(user.id, [{ title: unique('Erro') }]);

    await test.step('um id inexistente ou inválido mostra "Projeto não encontrado" e volta a /projects', async () => {
      for (const [i, id] of ['6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b', 'nao-e-um-uuid'].entries()) {
        if (i === 0) await signIn(page, user, `/projects/${id}`);
        else await page.goto(`/projects/${id}`);
        await page.waitForURL(/\/projects\/?$/);
        await expect.soft(page.getByRole('alert').filter({ hasText: 'Projeto não encontrado' }), id).toBeVisible();
      }
    });

    await test.step('outro erro ao carregar mostra "Erro ao carregar projeto" e volta a /projects', async () => {
      // Only the detail's read (filtered by id) fails; the list page it returns to loads normally.
      await page.route((url) => url.pathname.endsWith('/rest/v1/projects') && url.searchParams.has('id'), (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'XX000', message: 'falha ao ler', details: null, hint: null }),
        }),
      );
      await page.goto(`/projects/${p.id}`);
      await page.waitForURL(/\/projects\/?$/);
      await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar projeto' })).toContainText('falha ao ler');
    });
  });
});

/** Makes the session stored by supabase-js look expired, so the next call must refresh it first. */
async function expireStoredAccessToken(page: Page) {
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'));
    if (!key) throw new Error('sessão não encontrada no localStorage');
    const session = JSON.parse(localStorage.getItem(key) as string);
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(session));
  });
}
