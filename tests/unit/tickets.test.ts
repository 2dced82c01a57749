import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { createTicket, listTickets, ticketStatusLabel } = await import('../../src/lib/data/tickets');
const { DataError } = await import('../../src/lib/data/data-errors');

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
  it('pede 51 tickets do usuário, mais recentes primeiro, sem contar a tabela', async () => {
    sb().respond({ data: [ticket] });
    expect(await listTickets()).toEqual({ rows: [ticket], hasMore: false });
    expect(sb().calls[0]).toEqual([
      ['from', 'support_tickets'],
      ['select', '*'],
      ['eq', 'user_id', 'user-1'],
      ['order', 'created_at', { ascending: false }],
      ['order', 'id', { ascending: false }],
      ['range', 0, 50],
    ]);
  });

  it('com 51 linhas devolvidas mostra 50 e diz que há mais ("Carregar mais")', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ ...ticket, id: `t${i}` }));
    sb().respond({ data: rows });
    const page = await listTickets({ offset: 50 });
    expect(page).toEqual({ rows: rows.slice(0, 50), hasMore: true });
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
