import { browserDay } from './browser-day';
import { expect, serviceClient, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import {
  failOnDialog,
  freshUser,
  screenshots,
  seedTickets,
  signIn,
  unique,
} from './projects-helpers';

// These flows span several page loads; on a shared 2-core machine they need more than the 30 s default.
test.describe.configure({ timeout: 90_000 });

const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;

async function ticketsOf(userId: string, subject: string) {
  const { data, error } = await serviceClient().from('support_tickets').select('*').eq('user_id', userId).eq('subject', subject);
  if (error) throw new Error(error.message);
  return data as { id: string; status: string; message_content: string }[];
}

test.describe('Suporte', () => {
  test('sem tickets mostra o formulário e "Você ainda não enviou nenhum ticket de suporte."', async ({ page }) => {
    const user = await freshUser('suporte-vazio');
    await signIn(page, user, '/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Suporte ao Cliente' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Seus Tickets de Suporte' })).toBeVisible();
    await expect(page.getByText('Você ainda não enviou nenhum ticket de suporte.')).toBeVisible();
    await expect(page.getByLabel('Assunto')).toHaveAttribute('placeholder', 'Ex: Dúvida sobre faturamento');
    await expect(page.getByLabel('Assunto')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Mensagem')).toHaveAttribute('rows', '5');
    await expect(page.getByLabel('Mensagem')).toHaveAttribute('required', '');
    await expectNoSeriousAxeViolations(page);
    await screenshots(page, 'suporte-vazio');
  });

  test('campos em branco (ou só espaços) mostram "Campos obrigatórios" e nada é enviado', async ({ page }) => {
    const user = await freshUser('suporte-validacao');
    await signIn(page, user, '/support');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/rest/v1/support_tickets')) posts += 1;
    });
    await page.getByRole('button', { name: 'Enviar Ticket' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Campos obrigatórios' });
    await expect(toast).toContainText('Assunto e mensagem são obrigatórios.');
    await page.getByLabel('Assunto').fill('   ');
    await page.getByLabel('Mensagem').fill('Só a mensagem');
    await page.getByRole('button', { name: 'Enviar Ticket' }).click();
    await expect(toast).toBeVisible();
    await expect(page.getByLabel('Mensagem')).toHaveValue('Só a mensagem');
    expect(posts).toBe(0);
  });

  test('envia um ticket: "Enviando...", "Ticket enviado!", formulário limpo e o ticket no topo da lista', async ({ page }) => {
    const user = await freshUser('suporte-envio');
    await seedTickets(user.id, [{ subject: 'Ticket antigo', message_content: 'Mais antigo', created_at: new Date(Date.now() - 86_400_000).toISOString() }]);
    await signIn(page, user, '/support');
    await expect(page.getByText('Ticket antigo')).toBeVisible();
    const subject = unique('Dúvida sobre faturamento');
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/support_tickets'),
      async (route) => {
        if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 500));
        await route.continue();
      },
    );
    await page.getByLabel('Assunto').fill(`  ${subject}  `);
    await page.getByLabel('Mensagem').fill('Minha fatura veio duplicada.\nPodem verificar?');
    await page.getByRole('button', { name: 'Enviar Ticket' }).dblclick();
    await expect(page.getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: 'Ticket enviado!' })).toContainText('Sua solicitação de suporte foi enviada.');
    await expect(page.getByLabel('Assunto')).toHaveValue('');
    await expect(page.getByLabel('Mensagem')).toHaveValue('');

    const first = page.getByRole('article').first();
    await expect(first).toContainText(subject);
    await expect(first).toContainText('Aberto');
    await expect(first).toContainText(DATE_TIME);
    await expect(first).not.toContainText('Atualizado em');
    await expect(first).toContainText('Minha fatura veio duplicada.');
    const rows = await ticketsOf(user.id, subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'open', message_content: 'Minha fatura veio duplicada.\nPodem verificar?' });
    await screenshots(page, 'suporte');
  });

  test('mostra status, data de atualização quando diferente e a "Resposta da Equipe:"', async ({ page }) => {
    const user = await freshUser('suporte-status');
    const created = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const later = new Date(Date.now() - 86_400_000).toISOString();
    await seedTickets(user.id, [
      { subject: 'Em análise', message_content: 'M1', status: 'in_progress', created_at: created, updated_at: later },
      { subject: 'Já resolvido', message_content: 'M2', status: 'resolved', response_content: 'Corrigimos a cobrança.', created_at: later, updated_at: later },
    ]);
    await signIn(page, user, '/support');
    const inProgress = page.getByRole('article').filter({ hasText: 'Em análise' });
    await expect(inProgress).toContainText('Em Progresso');
    await expect(inProgress).toContainText(`Atualizado em ${browserDay(later)}`);
    const resolved = page.getByRole('article').filter({ hasText: 'Já resolvido' });
    await expect(resolved).toContainText('Resolvido');
    await expect(resolved).toContainText('Resposta da Equipe:');
    await expect(resolved).toContainText('Corrigimos a cobrança.');
    await expect(resolved).not.toContainText('Atualizado em');
    await expect(inProgress).not.toContainText('Resposta da Equipe:');
    await expectNoSeriousAxeViolations(page);
  });

  test('um envio sem resposta mantém o texto, e reenviar não duplica o ticket', async ({ page }) => {
    const user = await freshUser('suporte-falha');
    await signIn(page, user, '/support');
    const subject = unique('Sem resposta');
    let lose = true;
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/support_tickets'),
      async (route) => {
        if (route.request().method() === 'POST' && lose) {
          lose = false;
          await route.fetch(); // the server stores the ticket...
          return route.abort('connectionreset'); // ...but the answer never reaches the browser
        }
        return route.continue();
      },
    );
    await page.getByLabel('Assunto').fill(subject);
    await page.getByLabel('Mensagem').fill('Texto que não pode se perder');
    await page.getByRole('button', { name: 'Enviar Ticket' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao enviar ticket' })).toContainText('Seus dados foram mantidos');
    await expect(page.getByLabel('Assunto')).toHaveValue(subject);
    await expect(page.getByLabel('Mensagem')).toHaveValue('Texto que não pode se perder');

    await page.getByRole('button', { name: 'Enviar Ticket' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ticket enviado!' })).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: subject })).toHaveCount(1);
    expect(await ticketsOf(user.id, subject)).toHaveLength(1);
  });

  test('um segundo cliente nunca vê os tickets do primeiro', async ({ page }) => {
    const owner = await freshUser('ticket-dono');
    const other = await freshUser('ticket-outro');
    const subject = unique('Ticket secreto');
    await seedTickets(owner.id, [{ subject, message_content: 'Privado' }]);
    await signIn(page, other, '/support');
    await expect(page.getByText('Você ainda não enviou nenhum ticket de suporte.')).toBeVisible();
    await expect(page.getByText(subject)).toHaveCount(0);
  });

  test('texto hostil em tickets aparece literalmente e sem diálogo', async ({ page }) => {
    const seen = failOnDialog(page);
    const user = await freshUser('ticket-hostil');
    const hostile = '<img src=x onerror=alert(1)>';
    await seedTickets(user.id, [
      { subject: hostile, message_content: `javascript:alert(1) ${'B'.repeat(800)}`, response_content: hostile },
    ]);
    await signIn(page, user, '/support');
    const item = page.getByRole('article').first();
    await expect(item.getByRole('heading', { name: hostile })).toBeVisible();
    await expect(item).toContainText('javascript:alert(1)');
    await screenshots(page, 'suporte-hostil');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(seen.dialogs).toEqual([]);
  });

  test('falhas do servidor mostram "Erro ao carregar tickets" e "Erro ao enviar ticket" com a mensagem', async ({ page }) => {
    const user = await freshUser('suporte-erros');
    const fail = { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'XX000', message: 'servidor fora do ar', details: null, hint: null }) };
    await page.route((url) => url.pathname.endsWith('/rest/v1/support_tickets'), (route) => route.fulfill(fail));
    await signIn(page, user, '/support');
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar tickets' })).toContainText('servidor fora do ar');
    await page.getByLabel('Assunto').fill('Assunto mantido');
    await page.getByLabel('Mensagem').fill('Mensagem mantida');
    await page.getByRole('button', { name: 'Enviar Ticket' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao enviar ticket' })).toContainText('servidor fora do ar');
    await expect(page.getByLabel('Assunto')).toHaveValue('Assunto mantido');
    await expect(page.getByLabel('Mensagem')).toHaveValue('Mensagem mantida');
  });
});
