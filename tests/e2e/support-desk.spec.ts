// The support desk as a conversation, client and staff side by side: the client opens a ticket, the staff answer
// from the inbox, 'Resposta da Equipe' and 'Nova resposta' (and the sidebar counts), internal notes that never reach
// the client, resolve and reopen, a lost status race, a failed send kept and retried without a duplicate, hostile text.
import type { Browser, Page } from '@playwright/test';
import { e2eEnv, expect, loginAs, serviceClient, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { failOnDialog, freshUser, screenshots, seedTickets, signIn, unique, type TestUser } from './projects-helpers';

test.describe.configure({ timeout: 120_000 });

const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

/** A second browser window signed in as the demo admin, on `to`. */
async function staffPage(browser: Browser, to: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await loginAs(page, 'admin', to);
  return page;
}

async function messagesOf(ticketId: string) {
  const { data, error } = await serviceClient().from('ticket_messages').select('*').eq('ticket_id', ticketId).order('created_at');
  if (error) throw new Error(error.message);
  return data;
}

async function dbTicket(id: string) {
  const { data, error } = await serviceClient().from('support_tickets').select('*').eq('id', id).single();
  if (error) throw new Error(error.message);
  return data;
}

/** Searches the inbox for `subject` (in the view on screen) and returns its row link. */
async function findInInbox(page: Page, subject: string) {
  await page.getByRole('searchbox', { name: 'Buscar tickets' }).fill(subject);
  return page.getByRole('link', { name: subject });
}

const clientNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação do cliente' }).first();
const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Navegação do administrador' }).first();

async function openSeeded(user: TestUser, subject: string): Promise<string> {
  const [row] = await seedTickets(user.id, [{ subject, message_content: 'Primeira mensagem do cliente.' }]);
  return row.id;
}

test.describe('Central de suporte', () => {
  test('o cliente abre um ticket, a equipe responde pela caixa de entrada, o cliente vê "Resposta da Equipe" e "Nova resposta", responde e o ticket volta a aguardar', async ({ page, browser }) => {
    const client = await freshUser('conversa');
    const subject = unique('Fatura duplicada');
    await signIn(page, client, '/support');
    await page.getByLabel('Assunto').fill(subject);
    await page.getByLabel('Mensagem').fill('Minha fatura veio duplicada.');
    await page.getByRole('button', { name: 'Enviar Ticket' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ticket enviado!' })).toBeVisible();

    // The staff find it waiting (the default view), open it and answer; an internal note stays with them.
    const staff = await staffPage(browser, '/admin/support');
    await expect(staffNav(staff).getByRole('link', { name: /Suporte ao Cliente/ })).toHaveAttribute('aria-current', 'page');
    await expect(staff.getByLabel('Aguardando resposta')).toBeChecked();
    const row = await findInInbox(staff, subject);
    await expect(staff.getByRole('row').filter({ has: row })).toContainText(client.email);
    await expect(staff.getByRole('row').filter({ has: row })).toContainText('Aberto');
    await row.click();
    await expect(staff).toHaveURL(/\/admin\/support\/[0-9a-f-]{36}$/);
    const ticketId = staff.url().split('/').pop()!;
    await expect(staff.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(staff.getByRole('complementary', { name: 'Detalhes do ticket' })).toContainText(client.email);
    await expect(staff.getByRole('link', { name: 'Ver projetos do cliente' })).toHaveAttribute(
      'href',
      `/admin/projects-management?q=${encodeURIComponent(client.email)}`,
    );
    await staff.getByPlaceholder('Escreva uma resposta...').fill('Já estornamos a cobrança em dobro.');
    await staff.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Resposta enviada' })).toBeVisible();
    await staff.getByLabel('Nota interna', { exact: true }).check();
    await staff.getByPlaceholder('Escreva uma resposta...').fill('Segredo: cliente pediu estorno antes.');
    await staff.getByRole('button', { name: 'Adicionar Nota' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Nota adicionada' })).toBeVisible();
    const note = staff.getByRole('article', { name: 'Nota interna' });
    await expect(note).toContainText('Segredo: cliente pediu estorno antes.');
    await expect(note).toHaveAttribute('data-kind', 'note');
    await expect(staff.getByRole('article', { name: 'Resposta da Equipe' })).toContainText('Já estornamos');
    await expectNoSeriousAxeViolations(staff);

    // The client: 'Nova resposta' on the list and the sidebar's count, then the conversation without the note.
    await page.goto('/support');
    const item = page.getByRole('article').filter({ hasText: subject });
    await expect(item.getByText('Nova resposta')).toBeVisible();
    await expect(clientNav(page).getByRole('link', { name: /Suporte e Ajuda/ }).getByTestId('nav-badge')).toHaveText(/^1/);
    await item.getByRole('link', { name: subject, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/support/${ticketId}$`));
    const staffReply = page.getByRole('article', { name: 'Resposta da Equipe' });
    await expect(staffReply).toContainText('Já estornamos a cobrança em dobro.');
    await expect(staffReply).toContainText(DATE_TIME);
    await expect(page.getByRole('article').first()).toContainText('Minha fatura veio duplicada.');
    await expect(page.getByText('Segredo')).toHaveCount(0);
    await expect(page.getByText('Nota interna')).toHaveCount(0);
    await expect(clientNav(page).getByTestId('nav-badge')).toHaveCount(0);
    // A refresh lands on the same conversation.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByPlaceholder('Escreva uma resposta...').fill('Obrigado! Vi o estorno.');
    await page.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(page.getByRole('article').last()).toContainText('Obrigado! Vi o estorno.');
    await expect(page.getByPlaceholder('Escreva uma resposta...')).toHaveValue('');
    await page.goto('/support');
    await expect(page.getByRole('article').filter({ hasText: subject }).getByText('Nova resposta')).toHaveCount(0);

    // Back in the staff's inbox, waiting again.
    await staff.goto('/admin/support');
    await expect(await findInInbox(staff, subject)).toBeVisible();
    await expect(staffNav(staff).getByTestId('nav-badge')).toBeVisible();
    expect((await messagesOf(ticketId)).map((m) => m.internal)).toEqual([false, true, false]);
    await staff.context().close();
  });

  test('a resposta da equipe a um ticket aberto o põe "Em Progresso", como o seletor de status faria', async ({ page, browser }) => {
    const client = await freshUser('em-progresso');
    const subject = unique('Integração parada');
    const id = await openSeeded(client, subject);
    const staff = await staffPage(browser, `/admin/support/${id}`);
    await expect(staff.getByLabel('Status do ticket')).toHaveValue('open');
    await staff.getByPlaceholder('Escreva uma resposta...').fill('Estamos verificando a integração.');
    await staff.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Resposta enviada' })).toBeVisible();
    await expect(staff.getByLabel('Status do ticket')).toHaveValue('in_progress');
    await expect(staff.getByTestId('ticket-header')).toContainText('Em Progresso');
    expect((await dbTicket(id)).status).toBe('in_progress');

    await signIn(page, client, `/support/${id}`);
    await expect(page.getByTestId('ticket-header')).toContainText('Em Progresso');
    await staff.context().close();
  });

  test('resolver e reabrir: a equipe resolve, o cliente vê que está resolvido, uma resposta dele reabre e a reabertura aparece na Atividade Recente', async ({ page, browser }) => {
    const client = await freshUser('resolver');
    const subject = unique('Acesso ao painel');
    const id = await openSeeded(client, subject);
    const staff = await staffPage(browser, `/admin/support/${id}`);
    await staff.getByLabel('Status do ticket').selectOption('resolved');
    await expect(staff.getByRole('status').filter({ hasText: 'Status atualizado' })).toBeVisible();
    await expect(staff.getByTestId('ticket-header')).toContainText('Resolvido');
    expect((await dbTicket(id)).status).toBe('resolved');

    await signIn(page, client, `/support/${id}`);
    await expect(page.getByText('Este ticket foi resolvido.')).toBeVisible();
    await page.getByPlaceholder('Escreva uma resposta...').fill('O problema voltou.');
    await page.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(page.getByRole('article').last()).toContainText('O problema voltou.');
    await expect(page.getByTestId('ticket-header')).toContainText('Aberto');
    await expect(page.getByText('Este ticket foi resolvido.')).toHaveCount(0);
    expect((await dbTicket(id)).status).toBe('open');

    await staff.goto('/admin/support');
    await expect(await findInInbox(staff, subject)).toBeVisible();
    await staff.goto('/admin/dashboard');
    const reopened = staff.getByTestId('activity-feed').getByRole('listitem').filter({ hasText: `Ticket reaberto: ${subject}` });
    await expect(reopened).toBeVisible();
    await expect(reopened).toContainText(client.name);
    await staff.context().close();
  });

  test('uma mudança de status que perdeu a corrida é informada e não sobrescreve a outra', async ({ browser }) => {
    const client = await freshUser('corrida');
    const id = await openSeeded(client, unique('Corrida'));
    const staff = await staffPage(browser, `/admin/support/${id}`);
    await expect(staff.getByLabel('Status do ticket')).toHaveValue('open');
    // Someone else changes it meanwhile.
    await serviceClient().from('support_tickets').update({ status: 'in_progress', updated_at: new Date().toISOString() }).eq('id', id);
    await serviceClient().from('ticket_messages').insert({ ticket_id: id, author_id: client.id, body: 'Chegou enquanto isso.' } as never);
    await staff.getByLabel('Status do ticket').selectOption('resolved');
    await expect(staff.getByRole('alert').filter({ hasText: 'Status não atualizado' })).toContainText('alterado por outra pessoa');
    // What changed meanwhile is now on screen; the choice is made again from there.
    await expect(staff.getByLabel('Status do ticket')).toHaveValue('in_progress');
    await expect(staff.getByRole('article').filter({ hasText: 'Chegou enquanto isso.' })).toBeVisible();
    expect((await dbTicket(id)).status).toBe('in_progress');
    await staff.context().close();
  });

  test('um envio que falha mantém a resposta digitada (também ao recarregar), e reenviar não duplica a mensagem', async ({ page }) => {
    const client = await freshUser('resposta-falha');
    const id = await openSeeded(client, unique('Sem conexão'));
    await signIn(page, client, `/support/${id}`);
    let lose = true;
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/ticket_messages'),
      async (route) => {
        if (route.request().method() === 'POST' && lose) {
          lose = false;
          await route.fetch(); // the server stores the message...
          return route.abort('connectionreset'); // ...but the answer never arrives
        }
        return route.continue();
      },
    );
    const box = page.getByPlaceholder('Escreva uma resposta...');
    await box.fill('Resposta que não pode se perder');
    await page.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao enviar resposta' })).toContainText('Sua resposta foi mantida');
    await expect(box).toHaveValue('Resposta que não pode se perder');
    // Even after a reload the typed reply and its id stay: the retry finds the message already stored.
    await page.reload();
    await expect(box).toHaveValue('Resposta que não pode se perder');
    await expect(page.getByRole('article').filter({ hasText: 'Resposta que não pode se perder' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Enviar Resposta' }).click();
    await expect(box).toHaveValue('');
    await expect(page.getByRole('article').filter({ hasText: 'Resposta que não pode se perder' })).toHaveCount(1);
    expect(await messagesOf(id)).toHaveLength(1);
  });

  test('texto hostil (HTML, 10.000 caracteres, emoji, RTL) aparece literalmente e sem quebrar o layout', async ({ page }) => {
    const seen = failOnDialog(page);
    const client = await freshUser('conversa-hostil');
    const hostile = '<img src=x onerror=alert(1)>';
    const id = await openSeeded(client, hostile);
    const bodies = [hostile, 'W'.repeat(10_000), '👩🏽‍💻🚀 emoji 🎉', 'مرحبا بالعالم، هذا نص من اليمين إلى اليسار'];
    for (const [i, body] of bodies.entries()) {
      const { error } = await serviceClient()
        .from('ticket_messages')
        .insert({ ticket_id: id, author_id: client.id, body, created_at: new Date(Date.now() + i).toISOString() } as never);
      if (error) throw new Error(error.message);
    }
    await signIn(page, client, `/support/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: hostile })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: 'emoji' })).toContainText('👩🏽‍💻🚀 emoji 🎉');
    await expect(page.getByText(bodies[3])).toHaveAttribute('dir', 'auto');
    await screenshots(page, 'suporte-conversa-hostil');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(seen.dialogs).toEqual([]);
  });

  test('um ticket de outro cliente ou inexistente mostra "Ticket não encontrado"', async ({ page }) => {
    const owner = await freshUser('dono');
    const other = await freshUser('intruso');
    const id = await openSeeded(owner, unique('Privado'));
    await signIn(page, other, `/support/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket não encontrado' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Ticket não encontrado' })).toContainText('Ticket não encontrado.');
    await expect(page.getByText('Primeira mensagem do cliente.')).toHaveCount(0);
  });

  test('uma falha ao ler a conversa mostra "Erro ao carregar ticket" com a mensagem do servidor; um id desconhecido, "Ticket não encontrado"', async ({ browser }) => {
    const client = await freshUser('erro-leitura');
    const id = await openSeeded(client, unique('Falha'));
    const staff = await staffPage(browser, '/admin/support');
    const fail = { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'servidor fora do ar', details: null, hint: null }) };
    await staff.route((url) => url.pathname.endsWith('/rest/v1/ticket_messages'), (route) => route.fulfill(fail));
    await staff.goto(`/admin/support/${id}`);
    await expect(staff.getByRole('alert').filter({ hasText: 'Erro ao carregar ticket' })).toContainText('servidor fora do ar');
    await expect(staff.getByRole('heading', { level: 1, name: 'Erro ao carregar ticket' })).toBeVisible();
    await staff.unrouteAll();
    await staff.goto('/admin/support/00000000-0000-4000-8000-000000000000');
    await expect(staff.getByRole('heading', { level: 1, name: 'Ticket não encontrado' })).toBeVisible();
    await staff.context().close();
  });

  test('a caixa de entrada filtra por status e busca pelo e-mail do cliente em todos os tickets', async ({ browser }) => {
    const client = await freshUser('filtros');
    const [waiting, done] = await seedTickets(client.id, [
      { subject: unique('Aguardando'), message_content: 'm' },
      { subject: unique('Encerrado'), message_content: 'm', status: 'resolved', response_content: 'Feito.' },
    ]);
    const staff = await staffPage(browser, '/admin/support');
    await staff.getByRole('searchbox', { name: 'Buscar tickets' }).fill(client.email);
    await expect(staff.getByRole('link', { name: waiting.subject })).toBeVisible();
    await expect(staff.getByRole('link', { name: done.subject })).toHaveCount(0);
    await staff.getByLabel('Aguardando resposta').uncheck();
    await expect(staff.getByRole('link', { name: done.subject })).toBeVisible();
    await staff.getByLabel('Filtrar por status').selectOption({ label: 'Resolvido' });
    await expect(staff.getByRole('link', { name: waiting.subject })).toHaveCount(0);
    await expect(staff.getByRole('link', { name: done.subject })).toBeVisible();
    await screenshots(staff, 'suporte-caixa-de-entrada');
    await staff.context().close();
  });
});
