// The support desk through supabase-js, as the browser calls it: a client opens a ticket, the admin answers from the
// inbox, internal notes stay with the staff on every path, 'Nova resposta', waiting, resolve and reopen, retries,
// status races. Against an in-memory local Supabase with the project's migrations and seed.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

let sb: TestBackend;
let clientA: SupabaseClient;
let clientB: SupabaseClient;
let admin: SupabaseClient;
let admin2: SupabaseClient;
let userA: TestUser;
let userB: TestUser;

const SECRET = 'segredo-da-equipe';

beforeAll(async () => {
  sb = await startTestBackend();
  userA = await sb.createConfirmedUser({ name: 'Ana Suporte', email: `ana-${randomUUID().slice(0, 6)}@cliente-a.com.br` });
  userB = await sb.createConfirmedUser({ name: 'Bruno Suporte' });
  const staff = await sb.createConfirmedUser({ name: 'Diana Equipe', appMetadata: { role: 'admin' } });
  const staff2 = await sb.createConfirmedUser({ name: 'Edu Equipe', appMetadata: { role: 'admin' } });
  clientA = await sb.signedInClient(userA.email, userA.password);
  clientB = await sb.signedInClient(userB.email, userB.password);
  admin = await sb.signedInClient(staff.email, staff.password);
  admin2 = await sb.signedInClient(staff2.email, staff2.password);
});
afterAll(async () => {
  await sb?.stop();
});

/** Opens a ticket as `client` (id made in the browser, as the screen does). */
async function openTicket(client: SupabaseClient, subject: string, message = 'Preciso de ajuda.'): Promise<string> {
  const id = randomUUID();
  const { error } = await client.from('support_tickets').insert({ id, subject, message_content: message });
  if (error) throw error;
  return id;
}

/** Sends a message the way the screens do: a client-made id and an upsert that ignores a duplicate. */
function send(client: SupabaseClient, ticketId: string, body: string, options: { internal?: boolean; id?: string } = {}) {
  const row = { id: options.id ?? randomUUID(), ticket_id: ticketId, body, ...(options.internal ? { internal: true } : {}) };
  return client.from('ticket_messages').upsert(row, { onConflict: 'id', ignoreDuplicates: true }).select();
}

async function ticket(client: SupabaseClient, id: string) {
  const { data, error } = await client.from('support_tickets').select('*').eq('id', id).single();
  if (error) throw error;
  return data as Record<string, string | null>;
}

const unread = async (client: SupabaseClient) => (await client.rpc('support_unread_count')).data as number;

describe('uma conversa de suporte do começo ao fim', () => {
  let ticketId: string;
  let subject: string;

  beforeAll(async () => {
    subject = `Fatura duplicada ${randomUUID().slice(0, 6)}`;
    ticketId = await openTicket(clientA, subject, 'Minha fatura veio duplicada.');
  });

  it('o ticket novo aparece na caixa da equipe como aguardando, com o nome e o e-mail do cliente', async () => {
    const { data, error } = await admin.rpc('support_inbox', { search_term: subject });
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({ id: ticketId, subject, status: 'open', client_name: 'Ana Suporte', client_email: userA.email }),
    ]);
    expect(data[0].waiting_since).toBe(data[0].created_at);
  });

  it('a resposta da equipe chega ao cliente como "Resposta da Equipe", marca "Nova resposta" e põe o ticket Em Progresso', async () => {
    expect(await unread(clientA)).toBe(0);
    const sent = await send(admin, ticketId, 'Já estornamos a cobrança em dobro.');
    expect(sent.error).toBeNull();
    const row = await ticket(clientA, ticketId);
    expect(row.response_content).toBe('Já estornamos a cobrança em dobro.');
    expect(row.status).toBe('in_progress');
    expect(await unread(clientA)).toBe(1);
    const { data: list } = await clientA.from('support_tickets').select('id, last_staff_reply_at, support_ticket_reads(last_read_at)').eq('id', ticketId);
    expect(list).toEqual([{ id: ticketId, last_staff_reply_at: expect.any(String), support_ticket_reads: [] }]);
  });

  it('abrir o ticket grava a leitura no banco e tira a "Nova resposta"', async () => {
    const { data, error } = await clientA.rpc('mark_ticket_read', { ticket_id: ticketId });
    expect(error).toBeNull();
    expect(typeof data).toBe('string');
    expect(await unread(clientA)).toBe(0);
    const { data: list } = await clientA.from('support_tickets').select('support_ticket_reads(last_read_at)').eq('id', ticketId).single();
    expect((list as { support_ticket_reads: unknown[] }).support_ticket_reads).toHaveLength(1);
  });

  it('uma nota interna não chega ao cliente por nenhum caminho', async () => {
    const before = await ticket(clientA, ticketId);
    const note = await send(admin, ticketId, `Nota: ${SECRET}`, { internal: true });
    expect(note.error).toBeNull();
    const noteId = (note.data as { id: string }[])[0].id;
    const answers = await Promise.all([
      clientA.from('ticket_messages').select('*'),
      clientA.from('ticket_messages').select('*').eq('internal', true),
      clientA.from('ticket_messages').select('*').eq('id', noteId),
      clientA.from('ticket_messages').select('*').or(`internal.eq.true,body.ilike.*${SECRET}*`),
      clientA.from('ticket_messages').select('*', { count: 'exact', head: true }).eq('ticket_id', ticketId),
      clientA.from('support_tickets').select('*, ticket_messages(*)').eq('id', ticketId),
      clientA.from('support_tickets').select('*, ticket_messages!inner(*)').eq('ticket_messages.internal', true),
      clientA.rpc('support_unread_count'),
      clientA.rpc('support_inbox', { search_term: SECRET }),
      clientA.rpc('support_waiting_count'),
      clientA.from('ticket_messages').insert({ id: noteId, ticket_id: ticketId, body: 'oi' }).select(),
    ]);
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(SECRET);
    expect(answers[4].count).toBe(1);
    expect((answers[5].data as { ticket_messages: unknown[] }[])[0].ticket_messages).toHaveLength(1);
    expect(answers[10].error?.code).toBe('23505');
    // And nothing the client sees moved.
    expect(await ticket(clientA, ticketId)).toEqual(before);
    expect(await unread(clientA)).toBe(0);
    const staffView = await admin.from('ticket_messages').select('body, internal').eq('ticket_id', ticketId).order('created_at');
    expect(staffView.data).toEqual([
      { body: 'Já estornamos a cobrança em dobro.', internal: false },
      { body: `Nota: ${SECRET}`, internal: true },
    ]);
  });

  it('a resposta do cliente põe o ticket aguardando de novo na caixa da equipe', async () => {
    const { error } = await send(clientA, ticketId, 'Obrigada! Quando cai o estorno?');
    expect(error).toBeNull();
    const waiting = await admin.rpc('support_inbox', { search_term: subject, waiting_only: true });
    expect((waiting.data as { id: string }[]).map((r) => r.id)).toEqual([ticketId]);
    const count = await admin.rpc('support_waiting_count');
    expect(count.error).toBeNull();
    expect(count.data).toBeGreaterThanOrEqual(1);
  });

  it('resolver com o updated_at visto funciona; quem perdeu a corrida recebe 409 e o status não é sobrescrito', async () => {
    const seen = (await ticket(admin, ticketId)).updated_at;
    const first = await admin.rpc('set_ticket_status', { ticket_id: ticketId, new_status: 'resolved', seen_updated_at: seen });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ id: ticketId, status: 'resolved' });
    const late = await admin2.rpc('set_ticket_status', { ticket_id: ticketId, new_status: 'in_progress', seen_updated_at: seen });
    expect(late.status).toBe(409);
    expect(late.error?.message).toBe('Este ticket foi alterado por outra pessoa enquanto você o via. Recarregue para ver o status atual.');
    expect((await ticket(admin, ticketId)).status).toBe('resolved');
  });

  it('o cliente não muda o status; uma resposta dele reabre o ticket resolvido', async () => {
    const seen = (await ticket(clientA, ticketId)).updated_at;
    const refused = await clientA.rpc('set_ticket_status', { ticket_id: ticketId, new_status: 'open', seen_updated_at: seen });
    expect(refused.status).toBe(403);
    const patched = await clientA.from('support_tickets').update({ status: 'open' }).eq('id', ticketId).select();
    expect(patched.data ?? []).toEqual([]);
    expect((await ticket(clientA, ticketId)).status).toBe('resolved');
    await send(clientA, ticketId, 'Ainda não caiu.');
    expect((await ticket(clientA, ticketId)).status).toBe('open');
  });
});

describe('regras das mensagens pela API', () => {
  let ticketId: string;
  beforeAll(async () => {
    ticketId = await openTicket(clientA, 'Regras');
  });

  it('um envio repetido com o mesmo id guarda uma mensagem só (upsert ignora; insert simples dá 409)', async () => {
    const id = randomUUID();
    const [one, two] = await Promise.all([send(clientA, ticketId, 'Duplo clique', { id }), send(clientA, ticketId, 'Duplo clique', { id })]);
    expect([one.error, two.error]).toEqual([null, null]);
    const again = await send(clientA, ticketId, 'Duplo clique', { id });
    expect(again).toMatchObject({ error: null, data: [] });
    const plain = await clientA.from('ticket_messages').insert({ id, ticket_id: ticketId, body: 'Duplo clique' });
    expect(plain.status).toBe(409);
    const { count } = await clientA.from('ticket_messages').select('*', { count: 'exact', head: true }).eq('id', id);
    expect(count).toBe(1);
  });

  it('o cliente não escreve nota interna, nem no ticket de outro, nem em nome de outro', async () => {
    expect((await send(clientA, ticketId, 'x', { internal: true })).status).toBe(403);
    expect((await send(clientB, ticketId, 'x')).status).toBe(403);
    const named = await clientA.from('ticket_messages').insert({ ticket_id: ticketId, body: 'Em nome de outro', author_id: userB.id }).select('author_id').single();
    expect(named.data).toEqual({ author_id: userA.id });
  });

  it('texto em branco ou longo demais volta como erro em pt-BR; texto hostil é guardado literalmente', async () => {
    const blank = await send(clientA, ticketId, ' \n\t ');
    expect(blank.status).toBe(400);
    expect(blank.error?.message).toBe('A mensagem não pode ficar em branco.');
    const long = await send(clientA, ticketId, 'x'.repeat(10_001));
    expect(long.error?.message).toBe('A mensagem pode ter no máximo 10.000 caracteres.');
    const hostile = `<img src=x onerror=alert(1)> 🚀 مرحبا بالعالم ${'y'.repeat(9_900)}`;
    const stored = await send(clientA, ticketId, `  ${hostile}\n`);
    expect((stored.data as { body: string }[])[0].body).toBe(hostile);
  });

  it('mensagens não são editadas nem excluídas pela API, nem pela equipe', async () => {
    const { data } = await send(clientA, ticketId, 'Imutável');
    const id = (data as { id: string }[])[0].id;
    for (const client of [clientA, admin]) {
      expect((await client.from('ticket_messages').update({ body: 'trocado' }).eq('id', id)).status).toBe(403);
      expect((await client.from('ticket_messages').delete().eq('id', id)).status).toBe(403);
    }
  });

  it('duas pessoas da equipe respondendo ao mesmo tempo: as duas respostas ficam, em ordem', async () => {
    const [one, two] = await Promise.all([send(admin, ticketId, 'Resposta da Diana'), send(admin2, ticketId, 'Resposta do Edu')]);
    expect([one.error, two.error]).toEqual([null, null]);
    const { data } = await clientA.from('ticket_messages').select('body, created_at').eq('ticket_id', ticketId).in('body', ['Resposta da Diana', 'Resposta do Edu']).order('created_at').order('id');
    expect((data ?? []).map((r) => r.body).sort()).toEqual(['Resposta da Diana', 'Resposta do Edu']);
    expect(['Resposta da Diana', 'Resposta do Edu']).toContain((await ticket(clientA, ticketId)).response_content);
  });

  it('o visitante anônimo não lê nem chama nada do suporte', async () => {
    const anon = sb.anonClient();
    expect((await anon.from('ticket_messages').select('*')).status).toBe(401);
    expect((await anon.rpc('support_unread_count')).status).toBe(401);
    expect((await anon.rpc('support_inbox')).status).toBe(401);
    expect((await anon.rpc('mark_ticket_read', { ticket_id: ticketId })).status).toBe(401);
  });

  it('marcar como lido um ticket de outro cliente responde 404 "Ticket não encontrado."', async () => {
    const answer = await clientB.rpc('mark_ticket_read', { ticket_id: ticketId });
    expect(answer.status).toBe(404);
    expect(answer.error?.message).toBe('Ticket não encontrado.');
  });
});

describe('a caixa de entrada da equipe', () => {
  const tag = randomUUID().slice(0, 6);
  let ids: string[];
  beforeAll(async () => {
    ids = [];
    for (const n of [1, 2, 3]) ids.push(await openTicket(clientB, `Caixa ${tag} ${n}`));
  });

  it('busca pelo nome do cliente e pagina pela chave (sort_at, id) sem repetir nem pular', async () => {
    const seen: string[] = [];
    let after: { after_at: string; after_id: string } | Record<string, never> = {};
    for (;;) {
      const { data, error } = await admin.rpc('support_inbox', { search_term: `Caixa ${tag}`, page_limit: 2, ...after });
      expect(error).toBeNull();
      const rows = data as { id: string; sort_at: string }[];
      seen.push(...rows.map((r) => r.id));
      if (rows.length < 2) break;
      after = { after_at: rows[rows.length - 1].sort_at, after_id: rows[rows.length - 1].id };
    }
    expect(seen).toEqual(ids);
    const byName = await admin.rpc('support_inbox', { search_term: 'bruno suporte', waiting_only: false });
    expect((byName.data as { id: string }[]).map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('o filtro de status e a visão "todos" pela última atividade', async () => {
    const seen = (await ticket(admin, ids[0])).updated_at;
    await admin.rpc('set_ticket_status', { ticket_id: ids[0], new_status: 'in_progress', seen_updated_at: seen });
    const progress = await admin.rpc('support_inbox', { search_term: `Caixa ${tag}`, status_filter: 'in_progress' });
    expect((progress.data as { id: string }[]).map((r) => r.id)).toEqual([ids[0]]);
    const all = await admin.rpc('support_inbox', { search_term: `Caixa ${tag}`, waiting_only: false });
    expect((all.data as { id: string }[]).map((r) => r.id)).toEqual([ids[0], ids[2], ids[1]]);
    const bad = await admin.rpc('support_inbox', { status_filter: 'fechado' });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('Status de ticket inválido: fechado.');
  });
});
