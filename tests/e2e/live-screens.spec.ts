// Live screens over Supabase Realtime, with browsers side by side (a client and the agency): what one side does appears
// on the other without a reload — a staff reply in the client's conversation and ticket list, the client's message
// in the staff's conversation and inbox, a project's status and progress, a new update and a new document on the
// client's project page and in the agency's project list — and two staff on one ticket see each other there and see
// who is typing. Nothing the browser sent itself shows twice.
import type { Browser, Page } from '@playwright/test';
import { anonClient, DEMO, e2eEnv, expect, serviceClient, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './a11y-helpers';
import { freshUser, screenshots, seedProjects, seedTickets, signIn, unique } from './projects-helpers';

test.describe.configure({ timeout: 180_000 });

/** How long a change may take to show: the goal is 1 s; the margin is for a busy 2-core machine. */
const LIVE = { timeout: 5_000 };

/**
 * Counts the Realtime subscriptions of `page` that the server says listen ('Subscribed to PostgreSQL'), from the
 * websocket frames; attach before the page opens.
 */
function liveCounter(page: Page) {
  let count = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/realtime/v1/websocket')) return;
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('Subscribed to PostgreSQL')) count += 1;
    });
  });
  /** Waits until `n` subscriptions listen in total (the screen then has read what changed before). */
  return async (n: number) => expect.poll(() => count, { timeout: 30_000 }).toBeGreaterThanOrEqual(n);
}

async function openPage(browser: Browser, who: { email: string; password: string }, to: string) {
  const context = await browser.newContext({ baseURL: e2eEnv().baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  const listening = liveCounter(page);
  await signIn(page, who, to);
  return { page, listening };
}

/** A new staff member (admin by app_metadata). */
async function createStaff(name: string) {
  const email = `${unique('equipe')}@exemplo.com.br`;
  const password = 'senha-e2e-123';
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: name },
    app_metadata: { role: 'admin' },
  });
  if (error || !data.user) throw new Error(`createUser falhou: ${error?.message}`);
  return { id: data.user.id, email, password, name };
}

const reply = (page: Page) => page.getByPlaceholder('Escreva uma resposta...');

/**
 * Joins a presence channel from outside the app, as `who` (signed in with their own session): the private one the app
 * uses, or the public channel of the same name. Resolves with the channel once joined, or with the refusal's reason.
 */
async function joinAsIntruder(who: { id: string; email: string; password: string }, topic: string, isPrivate: boolean) {
  const { data } = await anonClient().auth.signInWithPassword({ email: who.email, password: who.password });
  const token = data.session!.access_token;
  const { RealtimeClient } = await import('@supabase/realtime-js');
  const { default: WebSocket } = await import('ws');
  const { apiUrl, publishableKey } = e2eEnv();
  const rt = new RealtimeClient(`${apiUrl.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: publishableKey },
    transport: WebSocket as never,
    accessToken: async () => token,
  });
  await rt.setAuth();
  const channel = rt.channel(topic, { config: { private: isPrivate, presence: { key: who.id } } });
  return new Promise<{ channel: typeof channel; refused: string | null }>((resolve) =>
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve({ channel, refused: null });
      else if (status === 'CHANNEL_ERROR') resolve({ channel, refused: err?.message ?? status });
    }),
  );
}

test('uma resposta da equipe aparece na conversa e na lista do cliente, e a mensagem do cliente na conversa e na caixa de entrada da equipe, sem recarregar', async ({ browser }) => {
  const client = await freshUser('ao-vivo');
  const subject = unique('Acesso ao painel');
  const [ticket] = await seedTickets(client.id, [{ subject, message_content: 'Não consigo entrar no painel.' }]);
  const id = ticket!.id;

  const list = await openPage(browser, client, '/support');
  const convo = await openPage(browser, client, `/support/${id}`);
  const inbox = await openPage(browser, DEMO.admin, '/admin/support');
  const desk = await openPage(browser, DEMO.admin, `/admin/support/${id}`);
  await inbox.page.getByRole('searchbox', { name: 'Buscar tickets' }).fill(subject);
  const inboxRow = inbox.page.getByRole('link', { name: subject });
  await expect(inboxRow).toBeVisible();
  await expect(list.page.getByRole('link', { name: `Ver conversa: ${subject}` })).toBeVisible();
  await expect(desk.page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await Promise.all([list.listening(1), convo.listening(1), inbox.listening(1), desk.listening(1)]);

  // The staff answer: the client's open conversation shows it, the list marks it, the waiting inbox lets it go.
  const answer = `Já liberamos seu acesso (${subject}).`;
  await reply(desk.page).fill(answer);
  const sentAt = Date.now();
  await desk.page.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(convo.page.getByRole('article').filter({ hasText: answer })).toBeVisible(LIVE);
  const shownAfter = Date.now() - sentAt;
  await expect(convo.page.getByTestId('ticket-header')).toContainText('Em Progresso', LIVE);
  // (No 'Nova resposta' mark to assert here: the client's conversation is open and visible, so the reply counts as read.)
  const item = list.page.getByRole('listitem').filter({ hasText: subject });
  await expect(item).toContainText(answer, LIVE);
  await expect(item).toContainText('Em Progresso');
  await expect(inboxRow).toBeHidden(LIVE);
  // The staff's own reply is on their screen once (the send's answer and the live change are one message).
  await expect(desk.page.getByRole('article').filter({ hasText: answer })).toHaveCount(1);

  // An internal note never reaches the client; the client's answer reaches the staff and puts it back in the inbox.
  const note = `Nota interna ${subject}`;
  await desk.page.getByLabel('Nota interna', { exact: true }).check();
  await reply(desk.page).fill(note);
  await desk.page.getByRole('button', { name: 'Adicionar Nota' }).click();
  await expect(desk.page.getByRole('article', { name: 'Nota interna' }).filter({ hasText: note })).toBeVisible();
  const answerBack = `Funcionou, obrigado! (${subject})`;
  await reply(convo.page).fill(answerBack);
  await convo.page.getByRole('button', { name: /Enviar/ }).click();
  await expect(desk.page.getByRole('article').filter({ hasText: answerBack })).toBeVisible(LIVE);
  await expect(inboxRow).toBeVisible(LIVE);
  await expect(convo.page.getByRole('article').filter({ hasText: answerBack })).toHaveCount(1);
  await expect(convo.page.getByText(note)).toHaveCount(0);
  // The reply was read live in the open conversation: the list never marks it as new.
  await expect(item).not.toContainText('Nova resposta', LIVE);
  test.info().annotations.push({ type: 'live', description: `resposta visível ao cliente em ${shownAfter} ms` });

  for (const p of [list, convo, inbox, desk]) await p.page.context().close();
});

test('status, progresso, atualização e documento aparecem na página do projeto do cliente e na lista da agência, sem recarregar', async ({ browser }) => {
  const client = await freshUser('projeto-vivo');
  const title = unique('Chatbot ao vivo');
  const [project] = await seedProjects(client.id, [{ title, status: 'pending' }]);
  const id = project!.id;
  const staff = anonClient();
  const { error: signInError } = await staff.auth.signInWithPassword({ email: DEMO.admin.email, password: DEMO.admin.password });
  expect(signInError).toBeNull();

  const mine = await openPage(browser, client, `/projects/${id}`);
  const agency = await openPage(browser, DEMO.admin, `/admin/projects-management?q=${encodeURIComponent(title)}`);
  const row = agency.page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Pendente');
  await expect(mine.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await Promise.all([mine.listening(1), agency.listening(1)]);

  // Status and progress, as the agency's screen saves them.
  const { error } = await staff.from('projects').update({ status: 'in-progress', progress: 30 }).eq('id', id);
  expect(error).toBeNull();
  const overview = mine.page.getByRole('tabpanel');
  await expect(overview).toContainText('Em andamento', LIVE);
  await expect(mine.page.getByRole('progressbar', { name: 'Progresso do projeto' })).toHaveAttribute('aria-valuenow', '30', LIVE);
  await expect(row).toContainText('Em andamento', LIVE);

  // 'Atualizações': the agency posts one.
  await mine.page.getByRole('tab', { name: 'Atualizações' }).click();
  await mine.listening(2);
  const text = `Primeira versão do fluxo publicada (${title}).`;
  const posted = await staff.from('project_updates').insert({ project_id: id, content: text });
  expect(posted.error).toBeNull();
  await expect(mine.page.getByTestId('project-update').filter({ hasText: text })).toBeVisible(LIVE);

  // 'Documentos': the agency uploads one (Storage writes the document's row).
  await mine.page.getByRole('tab', { name: 'Documentos' }).click();
  await mine.listening(3);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const name = 'escopo-ao-vivo.pdf';
  const uploaded = await staff.storage
    .from('project-documents')
    .upload(`${id}/${crypto.randomUUID()}/${name}`, pdf, { contentType: 'application/pdf' });
  expect(uploaded.error).toBeNull();
  await expect(mine.page.getByTestId('project-document').filter({ hasText: name })).toBeVisible(LIVE);

  await staff.auth.signOut();
  for (const p of [mine, agency]) await p.page.context().close();
});

test('dois da equipe no mesmo ticket veem um ao outro e quem está escrevendo; o cliente não vê nada disso', async ({ browser }) => {
  const client = await freshUser('presenca');
  const subject = unique('Dúvida de cobrança');
  const [ticket] = await seedTickets(client.id, [{ subject, message_content: 'Fui cobrado duas vezes.' }]);
  const ana = await createStaff(`Ana Presença ${unique('a')}`);
  const bruno = await createStaff(`Bruno Presença ${unique('b')}`);

  const a = await openPage(browser, ana, `/admin/support/${ticket!.id}`);
  const b = await openPage(browser, bruno, `/admin/support/${ticket!.id}`);
  const seen = await openPage(browser, client, `/support/${ticket!.id}`);
  const aSees = a.page.getByRole('status').filter({ hasText: 'também está vendo este ticket' });
  await expect(aSees).toHaveText(`${bruno.name} também está vendo este ticket`, { timeout: 30_000 });
  await expect(b.page.getByRole('status').filter({ hasText: 'também está vendo' })).toHaveText(`${ana.name} também está vendo este ticket`);

  // The channel is private to staff: a client who tries to join it by hand is refused; on the public channel of the
  // same name, announcing a staff-like name and typing, they are not shown either.
  const refused = await joinAsIntruder(client, `support-ticket:${ticket!.id}`, true);
  expect(refused.refused).toContain('You do not have permissions to read from this Channel topic');
  await refused.channel.unsubscribe();
  const { channel: intruder } = await joinAsIntruder(client, `support-ticket:${ticket!.id}`, false);
  await intruder.track({ name: 'Equipe Falsa', typing: true });
  await a.page.waitForTimeout(1500);
  await expect(a.page.getByText('Equipe Falsa')).toHaveCount(0);
  await expect(aSees).toHaveText(`${bruno.name} também está vendo este ticket`);
  await intruder.unsubscribe();
  await expectNoSeriousAxeViolations(a.page);
  await screenshots(a.page, 'ticket-presence');

  await reply(b.page).pressSequentially('Vou verificar');
  const typing = a.page.getByTestId('ticket-presence');
  await expect(typing).toHaveText(`${bruno.name} está escrevendo…`, LIVE);
  // Emptied box: no longer typing.
  await reply(b.page).fill('');
  await expect(typing).toHaveText(`${bruno.name} também está vendo este ticket`, LIVE);
  await b.page.context().close();
  await expect(typing).toHaveText('', LIVE);

  await expect(seen.page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(seen.page.getByText(/está vendo este ticket|está escrevendo/)).toHaveCount(0);
  for (const p of [a, seen]) await p.page.context().close();
});
