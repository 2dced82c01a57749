import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { getStaffTicket, listInbox, sendStaffMessage, setTicketStatus, supportWaitingCount } = await import(
  '../../src/lib/data/support-desk'
);
const { ConflictError, NotFoundError, DataError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const ID = '5f0e4c1a-9d0b-4f51-8a2e-3b7d6c5e4f10';
const row = (i: number) => ({ id: `id-${i}`, subject: `S${i}`, status: 'open', sort_at: `2026-11-24T10:${String(i % 60).padStart(2, '0')}:00Z` });

beforeEach(() => sb().reset());

describe('listInbox', () => {
  it('a visão padrão pede os tickets aguardando, 51 linhas, sem filtro nem busca', async () => {
    sb().respond({ data: [row(1)] });
    expect(await listInbox()).toEqual({ rows: [row(1)], hasMore: false, total: null });
    expect(sb().calls[0]).toEqual([
      [
        'rpc',
        'support_inbox',
        { status_filter: undefined, waiting_only: true, search_term: undefined, after_at: undefined, after_id: undefined, page_limit: 51 },
      ],
    ]);
  });

  it('filtros, busca aparada e a próxima página depois da última linha (sort_at, id)', async () => {
    sb().respond({ data: [] });
    await listInbox({ status: 'resolved', waitingOnly: false, search: '  ana@x.com ', after: { sort_at: 'T', id: 'id-9' } });
    expect(sb().calls[0][0][2]).toEqual({
      status_filter: 'resolved', waiting_only: false, search_term: 'ana@x.com', after_at: 'T', after_id: 'id-9', page_limit: 51,
    });
  });

  it('com 51 linhas mostra 50 e diz que há mais', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => row(i));
    sb().respond({ data: rows });
    expect(await listInbox()).toEqual({ rows: rows.slice(0, 50), hasMore: true, total: null });
  });

  it('quem não é da equipe recebe o 403 do servidor com a mensagem dele', async () => {
    sb().respond({ error: { message: 'Apenas a equipe da agência pode fazer isso.', code: '42501' }, status: 403 });
    await expect(listInbox()).rejects.toMatchObject({ code: '42501', message: 'Apenas a equipe da agência pode fazer isso.' });
  });
});

describe('supportWaitingCount', () => {
  it('conta pelo rpc support_waiting_count', async () => {
    sb().respond({ data: 7 });
    expect(await supportWaitingCount()).toBe(7);
    expect(sb().calls[0]).toEqual([['rpc', 'support_waiting_count', undefined]]);
  });
});

describe('getStaffTicket', () => {
  it('lê o ticket com o nome e o e-mail do cliente', async () => {
    const ticket = { id: ID, subject: 'S', client: { full_name: 'Ana', email: 'ana@x.com' } };
    sb().respond({ data: ticket });
    expect(await getStaffTicket(ID)).toEqual(ticket);
    expect(sb().calls[0]).toEqual([
      ['from', 'support_tickets'],
      ['select', '*, client:profiles!support_tickets_user_id_fkey(full_name, email)'],
      ['eq', 'id', ID],
      ['maybeSingle'],
      ['overrideTypes'],
    ]);
  });

  it('um id que não existe é "Ticket não encontrado."', async () => {
    sb().respond({ data: null });
    await expect(getStaffTicket(ID)).rejects.toMatchObject({ name: 'NotFoundError', message: 'Ticket não encontrado.' });
    await expect(getStaffTicket('x')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('setTicketStatus', () => {
  it('muda o status com o updated_at que a tela carregou', async () => {
    sb().respond({ data: { id: ID, status: 'resolved', updated_at: 'u2' } });
    expect(await setTicketStatus(ID, 'resolved', 'u1')).toEqual({ id: ID, status: 'resolved', updated_at: 'u2' });
    expect(sb().calls[0]).toEqual([['rpc', 'set_ticket_status', { ticket_id: ID, new_status: 'resolved', seen_updated_at: 'u1' }]]);
  });

  it('quem perdeu a corrida (409) recebe ConflictError com a mensagem do servidor', async () => {
    const msg = 'Este ticket foi alterado por outra pessoa enquanto você o via. Recarregue para ver o status atual.';
    sb().respond({ error: { message: msg, code: 'PT409' }, status: 409 });
    const error = await setTicketStatus(ID, 'resolved', 'u1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ message: msg });
  });

  it('404 vira NotFoundError; outro erro mantém código e mensagem', async () => {
    sb().respond({ error: { message: 'Ticket não encontrado.', code: 'PT404' }, status: 404 });
    await expect(setTicketStatus(ID, 'open', 'u1')).rejects.toBeInstanceOf(NotFoundError);
    sb().respond({ error: { message: 'Status de ticket inválido: x.', code: '22023' }, status: 400 });
    const error = await setTicketStatus(ID, 'x' as 'open', 'u1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ code: '22023', message: 'Status de ticket inválido: x.' });
  });
});

describe('sendStaffMessage', () => {
  it('uma nota interna e uma resposta vão pelo mesmo envio, com internal conforme a escolha', async () => {
    sb().respond({ data: [{ id: ID }] }, { data: [{ id: ID }] });
    await sendStaffMessage({ id: ID, ticketId: ID, body: 'Nota', internal: true });
    await sendStaffMessage({ id: ID, ticketId: ID, body: 'Resposta', internal: false });
    expect(sb().calls[0][1]).toEqual(['upsert', { id: ID, ticket_id: ID, body: 'Nota', internal: true }, { onConflict: 'id', ignoreDuplicates: true }]);
    expect(sb().calls[1][1]).toEqual(['upsert', { id: ID, ticket_id: ID, body: 'Resposta' }, { onConflict: 'id', ignoreDuplicates: true }]);
  });
});
