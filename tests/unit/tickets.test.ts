import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const {
  createTicket, getTicket, hasNewReply, listTicketMessages, listTickets, markTicketRead, sendTicketMessage,
  supportUnreadCount,
} = await import('../../src/lib/data/tickets');
const { ticketStatusLabel } = await import('../../src/lib/domain/support-rules');
const { DataError, NotFoundError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const ID = '5f0e4c1a-9d0b-4f51-8a2e-3b7d6c5e4f10';
const ticket = {
  id: ID, user_id: 'user-1', subject: 'Assunto', message_content: 'Mensagem', status: 'open',
  response_content: null, created_at: 'c', updated_at: 'c',
};

beforeEach(() => sb().reset());

describe('rótulos de status de ticket', () => {
  it.each([
    ['open', 'Aberto'],
    ['in_progress', 'Em Progresso'],
    ['resolved', 'Resolvido'],
  ])('%s aparece como "%s"', (status, label) => expect(ticketStatusLabel(status)).toBe(label));

  it('um status desconhecido aparece como está', () => {
    expect(ticketStatusLabel('waiting_customer')).toBe('waiting_customer');
    expect(ticketStatusLabel('toString')).toBe('toString');
  });
});

describe('listTickets', () => {
  it('pede 51 tickets do usuário com a última abertura de cada um, mais recentes primeiro, sem contar a tabela', async () => {
    sb().respond({ data: [{ ...ticket, reads: [] }] });
    expect(await listTickets()).toEqual({ rows: [{ ...ticket, new_reply: false }], hasMore: false });
    expect(sb().calls[0]).toEqual([
      ['from', 'support_tickets'],
      ['select', '*, reads:support_ticket_reads(last_read_at)'],
      ['eq', 'user_id', 'user-1'],
      ['order', 'created_at', { ascending: false }],
      ['order', 'id', { ascending: false }],
      ['range', 0, 50],
      ['overrideTypes'],
    ]);
  });

  it('marca "Nova resposta" quando a resposta da equipe é mais nova que a última abertura (ou nunca abriu)', async () => {
    const replied = { ...ticket, last_staff_reply_at: '2026-11-24T10:00:00Z' };
    sb().respond({
      data: [
        { ...replied, id: 'nunca-aberto', reads: [] },
        { ...replied, id: 'aberto-antes', reads: [{ last_read_at: '2026-11-24T09:00:00Z' }] },
        { ...replied, id: 'aberto-depois', reads: [{ last_read_at: '2026-11-24T11:00:00Z' }] },
        { ...ticket, id: 'sem-resposta', last_staff_reply_at: null, reads: null },
      ],
    });
    const { rows } = await listTickets();
    expect(rows.map((r) => [r.id, r.new_reply])).toEqual([
      ['nunca-aberto', true],
      ['aberto-antes', true],
      ['aberto-depois', false],
      ['sem-resposta', false],
    ]);
    expect(rows[0]).not.toHaveProperty('reads');
  });

  it('com 51 linhas devolvidas mostra 50 e diz que há mais ("Carregar mais")', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ ...ticket, id: `t${i}` }));
    sb().respond({ data: rows });
    const page = await listTickets({ offset: 50 });
    expect(page).toEqual({ rows: rows.slice(0, 50).map((r) => ({ ...r, new_reply: false })), hasMore: true });
    expect(sb().calls[0]).toContainEqual(['range', 50, 100]);
  });

  it('lança o erro do servidor', async () => {
    sb().respond({ error: { message: 'boom', code: 'XX000' }, status: 500 });
    await expect(listTickets()).rejects.toBeInstanceOf(DataError);
  });
});

describe('createTicket', () => {
  it('insere um ticket aberto com o id gerado no navegador e devolve a linha', async () => {
    sb().respond({ data: ticket, status: 201 });
    expect(await createTicket({ id: ID, subject: 'Assunto', message: 'Mensagem' })).toEqual(ticket);
    expect(sb().calls[0]).toEqual([
      ['from', 'support_tickets'],
      ['insert', { id: ID, user_id: 'user-1', subject: 'Assunto', message_content: 'Mensagem', status: 'open' }],
      ['select'],
      ['single'],
    ]);
  });

  it('um reenvio cujo id já existe (23505) devolve o ticket já criado, sem duplicar', async () => {
    sb().respond(
      { error: { message: 'duplicate key value violates unique constraint "support_tickets_pkey"', code: '23505' }, status: 409 },
      { data: ticket },
    );
    expect(await createTicket({ id: ID, subject: 'Assunto', message: 'Mensagem' })).toEqual(ticket);
    expect(sb().calls[1]).toEqual([['from', 'support_tickets'], ['select', '*'], ['eq', 'id', ID], ['eq', 'user_id', 'user-1'], ['maybeSingle']]);
  });

  it('23505 sem ticket visível com esse id: lança o erro original', async () => {
    sb().respond({ error: { message: 'duplicate key value', code: '23505' }, status: 409 }, { data: null });
    await expect(createTicket({ id: ID, subject: 'a', message: 'b' })).rejects.toMatchObject({ code: '23505' });
  });

  it('outro erro do servidor é lançado com o código, o texto em pt-BR e a mensagem do servidor', async () => {
    sb().respond({ error: { message: 'new row violates row-level security policy', code: '42501' }, status: 403 });
    await expect(createTicket({ id: ID, subject: 'a', message: 'b' })).rejects.toMatchObject({
      code: '42501',
      message: 'Você não tem permissão para esta ação.',
      serverMessage: 'new row violates row-level security policy',
    });
  });
});

describe('hasNewReply', () => {
  it('sem resposta da equipe nunca é nova; com resposta, nova até a próxima abertura', () => {
    expect(hasNewReply({ last_staff_reply_at: null }, null)).toBe(false);
    expect(hasNewReply({ last_staff_reply_at: '2026-11-24T10:00:00Z' }, null)).toBe(true);
    expect(hasNewReply({ last_staff_reply_at: '2026-11-24T10:00:00Z' }, '2026-11-24T10:00:00Z')).toBe(false);
    expect(hasNewReply({ last_staff_reply_at: '2026-11-24T10:00:00.5Z' }, '2026-11-24T10:00:00Z')).toBe(true);
  });
});

describe('getTicket', () => {
  it('lê um ticket pelo id', async () => {
    sb().respond({ data: ticket });
    expect(await getTicket(ID)).toEqual(ticket);
    expect(sb().calls[0]).toEqual([['from', 'support_tickets'], ['select', '*'], ['eq', 'id', ID], ['maybeSingle']]);
  });

  it('um id inexistente ou de outro cliente é "Ticket não encontrado."; um id malformado nem chega ao servidor', async () => {
    sb().respond({ data: null });
    await expect(getTicket(ID)).rejects.toMatchObject({ name: 'NotFoundError', message: 'Ticket não encontrado.' });
    await expect(getTicket('nao-e-uuid')).rejects.toBeInstanceOf(NotFoundError);
    expect(sb().calls).toHaveLength(1);
  });
});

const MSG_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const message = { id: MSG_ID, ticket_id: ID, author_id: 'user-1', body: 'Oi', internal: false, created_at: 'c', author: null };
const MESSAGE_COLUMNS = 'id, ticket_id, author_id, body, internal, created_at, author:profiles!ticket_messages_author_id_fkey(full_name, email)';

describe('listTicketMessages', () => {
  it('pede as mensagens do ticket em ordem (criação, id), com o autor, uma página e uma linha a mais', async () => {
    sb().respond({ data: [message] });
    expect(await listTicketMessages(ID)).toEqual({ rows: [message], hasMore: false });
    expect(sb().calls[0]).toEqual([
      ['from', 'ticket_messages'],
      ['select', MESSAGE_COLUMNS],
      ['eq', 'ticket_id', ID],
      ['order', 'created_at', { ascending: true }],
      ['order', 'id', { ascending: true }],
      ['range', 0, 200],
      ['overrideTypes'],
    ]);
  });
});

describe('sendTicketMessage', () => {
  it('envia com o id gerado no navegador, ignorando um id já gravado (upsert sem duplicar)', async () => {
    sb().respond({ data: [message], status: 201 });
    expect(await sendTicketMessage({ id: MSG_ID, ticketId: ID, body: 'Oi' })).toEqual(message);
    expect(sb().calls[0]).toEqual([
      ['from', 'ticket_messages'],
      ['upsert', { id: MSG_ID, ticket_id: ID, body: 'Oi' }, { onConflict: 'id', ignoreDuplicates: true }],
      ['select', MESSAGE_COLUMNS],
    ]);
  });

  it('um reenvio cujo id já foi gravado não grava de novo: devolve a mensagem já enviada', async () => {
    sb().respond({ data: [], status: 201 }, { data: message });
    expect(await sendTicketMessage({ id: MSG_ID, ticketId: ID, body: 'Oi' })).toEqual(message);
    expect(sb().calls[1]).toEqual([
      ['from', 'ticket_messages'], ['select', MESSAGE_COLUMNS], ['eq', 'id', MSG_ID], ['maybeSingle'],
    ]);
  });

  it('uma nota interna leva internal: true', async () => {
    sb().respond({ data: [{ ...message, internal: true }], status: 201 });
    await sendTicketMessage({ id: MSG_ID, ticketId: ID, body: 'Nota', internal: true });
    expect(sb().calls[0][1]).toEqual(['upsert', { id: MSG_ID, ticket_id: ID, body: 'Nota', internal: true }, { onConflict: 'id', ignoreDuplicates: true }]);
  });

  it('o erro do servidor (texto em branco, RLS) é lançado com a mensagem dele', async () => {
    sb().respond({ error: { message: 'A mensagem não pode ficar em branco.', code: '23514' }, status: 400 });
    await expect(sendTicketMessage({ id: MSG_ID, ticketId: ID, body: ' ' })).rejects.toMatchObject({
      code: '23514',
      message: 'A mensagem não pode ficar em branco.',
    });
  });
});

describe('markTicketRead e supportUnreadCount', () => {
  it('grava a abertura pelo rpc mark_ticket_read', async () => {
    sb().respond({ data: '2026-11-24T10:00:00Z' });
    await markTicketRead(ID);
    expect(sb().calls[0]).toEqual([['rpc', 'mark_ticket_read', { ticket_id: ID }]]);
  });

  it('404 do servidor vira NotFoundError com a mensagem dele', async () => {
    sb().respond({ error: { message: 'Ticket não encontrado.', code: 'PT404' }, status: 404 });
    await expect(markTicketRead(ID)).rejects.toMatchObject({ name: 'NotFoundError', message: 'Ticket não encontrado.' });
  });

  it('conta os tickets com nova resposta pelo rpc support_unread_count', async () => {
    sb().respond({ data: 3 });
    expect(await supportUnreadCount()).toBe(3);
    expect(sb().calls[0]).toEqual([['rpc', 'support_unread_count', undefined]]);
  });
});
