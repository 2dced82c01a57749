import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from './clients-fake-supabase';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./clients-fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

import { clientStatusCounts, deleteClient, listClients } from '../../src/lib/data/clients';
import { NotFoundError } from '../../src/lib/data/data-errors';
import {
  CLIENT_SOURCE_LABELS,
  CLIENT_SOURCE_OPTIONS,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUS_OPTIONS,
  clientIdFromPath,
  clientSourceLabel,
  clientStatusBadgeClass,
  clientStatusLabel,
  isPlainEmail,
  mailtoHref,
  telHref,
} from '../../src/lib/domain/client-rules';

const sb = () => fake.current!;
beforeEach(() => sb().reset());

describe('rótulos de status e origem do cliente', () => {
  it('traduz os seis status, na ordem das telas', () => {
    expect(CLIENT_STATUS_OPTIONS).toEqual([
      { value: 'lead', label: 'Lead' },
      { value: 'prospect', label: 'Prospecção' },
      { value: 'active', label: 'Ativo' },
      { value: 'on_hold', label: 'Em Espera' },
      { value: 'completed', label: 'Concluído' },
      { value: 'lost', label: 'Perdido' },
    ]);
    expect(CLIENT_STATUS_LABELS.on_hold).toBe('Em Espera');
  });

  it('traduz as seis origens: Indicação, Site, Redes Sociais, Evento, Outbound, Outro', () => {
    expect(CLIENT_SOURCE_OPTIONS.map((o) => o.label)).toEqual([
      'Indicação', 'Site', 'Redes Sociais', 'Evento', 'Outbound', 'Outro',
    ]);
    expect(CLIENT_SOURCE_LABELS.social_media).toBe('Redes Sociais');
  });

  it('mostra um status ou origem desconhecidos como vieram, e nada para null', () => {
    expect(clientStatusLabel('vip')).toBe('vip');
    expect(clientStatusLabel(null)).toBe('');
    expect(clientSourceLabel('fax')).toBe('fax');
    expect(clientSourceLabel(null)).toBe('');
    expect(clientSourceLabel('event')).toBe('Evento');
  });

  it('dá uma cor de selo diferente a cada status e uma neutra ao desconhecido', () => {
    const classes = CLIENT_STATUS_OPTIONS.map((o) => clientStatusBadgeClass(o.value));
    expect(new Set(classes).size).toBe(6);
    expect(clientStatusBadgeClass('active')).toContain('green');
    expect(clientStatusBadgeClass('lost')).toContain('red');
    expect(clientStatusBadgeClass('???')).toContain('slate');
  });
});

describe('listClients de um usuário: o próprio CRM', () => {
  const counts = { data: [{ status: 'lead', count: 100 }, { status: 'active', count: 15 }, { status: 'lost', count: '5' }] };

  it('lê 51 dos clientes do usuário, mais novos primeiro, sem contar a tabela: o total vem do rpc de contagens', async () => {
    sb().answer({ data: [{ id: 'c1' }] }, counts);
    const page = await listClients();
    expect(page).toEqual({ rows: [{ id: 'c1' }], hasMore: false, total: 120 });
    const calls = sb().last('clients');
    expect(calls).toContainEqual(['select', '*']);
    expect(calls).toContainEqual(['eq', 'owner_user_id', 'u1']);
    expect(calls).toContainEqual(['order', 'created_at', { ascending: false }]);
    expect(calls).toContainEqual(['range', 0, 50]);
    expect(calls.some((c) => c[0] === 'or')).toBe(false);
    expect(sb().rpcs).toEqual([{ fn: 'client_status_counts', args: undefined }]);
  });

  it('com 51 linhas devolvidas mostra 50 e diz que há mais; com status, o total é a contagem dele', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ id: `c${i}` }));
    sb().answer({ data: rows }, counts);
    const page = await listClients({ status: 'active', offset: 50 });
    expect(page).toEqual({ rows: rows.slice(0, 50), hasMore: true, total: 15 });
    expect(sb().last('clients')).toContainEqual(['eq', 'status', 'active']);
    expect(sb().last('clients')).toContainEqual(['range', 50, 100]);
  });

  it('se as contagens falham a lista aparece assim mesmo, sem total', async () => {
    sb().answer({ data: [{ id: 'c1' }] }, { error: { message: 'boom' } });
    expect(await listClients()).toEqual({ rows: [{ id: 'c1' }], hasMore: false, total: null });
  });

  it('faz a busca (nome, email, empresa) no servidor pelo rpc search_clients, com status e página, sem total', async () => {
    sb().answer({ data: [{ id: 'c9' }] });
    const page = await listClients({ search: '  Acme ', status: 'active', offset: 50 });
    expect(sb().rpcs).toEqual([
      { fn: 'search_clients', args: { search_term: 'Acme', status_filter: 'active', page_offset: 50, page_limit: 51 } },
    ]);
    expect(sb().queries.map((q) => q.table)).toEqual(['rpc:search_clients']);
    expect(page).toEqual({ rows: [{ id: 'c9' }], hasMore: false, total: null });
  });

  it('ignora busca só de espaços e o filtro "todos"', async () => {
    await listClients({ search: '   ', status: 'all' });
    const calls = sb().last('clients');
    expect(calls.some((c) => c[0] === 'or')).toBe(false);
    expect(calls.filter((c) => c[0] === 'eq')).toEqual([['eq', 'owner_user_id', 'u1']]);
    expect(sb().rpcs.map((r) => r.fn)).toEqual(['client_status_counts']);
  });

  it('lança um erro com a mensagem do servidor', async () => {
    sb().answer({ error: { message: 'permission denied for table clients', code: '42501' } });
    await expect(listClients()).rejects.toMatchObject({ message: 'Você não tem permissão para esta ação.', serverMessage: 'permission denied for table clients' });
  });
});

describe('listClients de um admin: os clientes da agência', () => {
  const analytics = {
    data: [
      { dimension: 'status', key: 'lead', count: 7 },
      { dimension: 'status', key: 'active', count: '3' },
      { dimension: 'source', key: 'event', count: 4 },
      { dimension: 'source', key: '', count: 6 },
    ],
  };
  beforeEach(() => {
    sb().signedIn.role = 'admin';
  });

  it('pede a página ao rpc admin_search_clients (busca, status, origem e página no servidor), nunca à tabela', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ id: `a${i}`, has_account: i === 0, account_manager_name: null }));
    sb().answer({ data: rows });
    const page = await listClients({ search: ' Acme  ', status: 'lead', source: 'event', offset: 50 });
    expect(sb().rpcs).toEqual([
      {
        fn: 'admin_search_clients',
        args: { search_term: 'Acme', status_filter: 'lead', source_filter: 'event', page_offset: 50, page_limit: 51 },
      },
    ]);
    expect(sb().queries.map((q) => q.table)).toEqual(['rpc:admin_search_clients']);
    expect(page).toEqual({ rows: rows.slice(0, 50), hasMore: true, total: null });
  });

  it('sem busca o total vem das contagens da agência (admin_analytics_clients): todos, um status ou uma origem', async () => {
    sb().answer({ data: [{ id: 'a1' }] }, analytics);
    expect(await listClients()).toEqual({ rows: [{ id: 'a1' }], hasMore: false, total: 10 });
    expect(sb().rpcs.map((r) => r.fn)).toEqual(['admin_search_clients', 'admin_analytics_clients']);
    expect(sb().rpcs[0].args).toEqual({ page_offset: 0, page_limit: 51 });

    sb().reset();
    sb().signedIn.role = 'admin';
    sb().answer({ data: [] }, analytics);
    expect((await listClients({ status: 'active' })).total).toBe(3);

    sb().reset();
    sb().signedIn.role = 'admin';
    sb().answer({ data: [] }, analytics);
    expect((await listClients({ source: 'event' })).total).toBe(4);
  });

  it('status e origem juntos não têm contagem barata: total null, sem pedir contagens', async () => {
    sb().answer({ data: [{ id: 'a1' }] });
    expect((await listClients({ status: 'lead', source: 'event' })).total).toBeNull();
    expect(sb().rpcs.map((r) => r.fn)).toEqual(['admin_search_clients']);
  });

  it('as contagens por status do admin são as da agência', async () => {
    sb().answer(analytics);
    expect(await clientStatusCounts()).toEqual({ lead: 7, prospect: 0, active: 3, on_hold: 0, completed: 0, lost: 0 });
    expect(sb().rpcs).toEqual([{ fn: 'admin_analytics_clients', args: undefined }]);
  });

  it('o erro do servidor (42501 para quem não é admin) chega com a mensagem dele', async () => {
    sb().answer({ status: 403, error: { message: 'Apenas a equipe da agência pode fazer isso.', code: '42501' } });
    await expect(listClients({ search: 'x' })).rejects.toThrow('Apenas a equipe da agência pode fazer isso.');
  });
});

describe('clientStatusCounts', () => {
  it('usa a RPC client_status_counts e preenche com zero os status sem clientes', async () => {
    sb().answer({ data: [{ status: 'lead', count: 3 }, { status: 'lost', count: '2' }] });
    const counts = await clientStatusCounts();
    expect(sb().rpcs).toEqual([{ fn: 'client_status_counts', args: undefined }]);
    expect(counts).toEqual({ lead: 3, prospect: 0, active: 0, on_hold: 0, completed: 0, lost: 2 });
  });

  it('lança o erro do servidor', async () => {
    sb().answer({ error: { message: 'boom' } });
    await expect(clientStatusCounts()).rejects.toMatchObject({ message: 'Não foi possível contar seus clientes.', serverMessage: 'boom' });
  });
});

describe('deleteClient', () => {
  const id = '00000000-0000-4000-8000-0000000000c1';

  it('exclui pelo id; quem pode excluir o quê é decidido pela RLS', async () => {
    sb().answer({ data: [{ id }] });
    await deleteClient(id);
    const calls = sb().last('clients');
    expect(calls[0]).toEqual(['delete']);
    expect(calls).toContainEqual(['eq', 'id', id]);
  });

  it('não excluir nada (cliente de outro usuário, ou que já não existe) é NotFoundError, não um sucesso silencioso', async () => {
    sb().answer({ data: [] });
    await expect(deleteClient(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('um id que nem é uuid é NotFoundError sem chamar o servidor', async () => {
    await expect(deleteClient('c1')).rejects.toThrow('Cliente não encontrado.');
    expect(sb().queries).toHaveLength(0);
  });
});

describe('erros de rede e sessão expirada', () => {
  it('sem conexão, a mensagem é em pt-BR em vez do TypeError do navegador', async () => {
    sb().answer({ error: { message: 'TypeError: Failed to fetch' } });
    await expect(listClients()).rejects.toThrow('Não foi possível conectar ao servidor.');
  });

  it('um 401 (token vencido) renova a sessão e refaz a consulta uma vez', async () => {
    // Answered in the order the requests go out: the page (401), the status counts, the page again.
    sb().answer({ status: 401, error: { message: 'JWT expired', code: 'PGRST303' } }, { data: [] }, { data: [{ id: 'c9' }] });
    const page = await listClients();
    expect(sb().refresh.calls).toBe(1);
    expect(page.rows).toEqual([{ id: 'c9' }]);
    expect(sb().queries.filter((q) => q.table === 'clients')).toHaveLength(2);
  });

  it('se a sessão não pode ser renovada, pede para entrar de novo', async () => {
    sb().refresh.error = { message: 'Invalid Refresh Token' };
    sb().answer({ status: 401, error: { message: 'JWT expired', code: 'PGRST303' } });
    await expect(listClients()).rejects.toThrow('Sua sessão expirou.');
  });
});

describe('links de contato só de valores validados', () => {
  it('mailto: só para um email simples', () => {
    expect(mailtoHref('ana@empresa.com.br')).toBe('mailto:ana@empresa.com.br');
    expect(mailtoHref('javascript:alert(1)')).toBeNull();
    expect(mailtoHref('a@b.com?subject=x')).toBeNull();
    expect(mailtoHref('a b@c.com')).toBeNull();
    expect(mailtoHref(null)).toBeNull();
  });

  it('tel: só para um telefone, com apenas dígitos e +', () => {
    expect(telHref('+55 (11) 98765-4321')).toBe('tel:+5511987654321');
    expect(telHref('javascript:alert(1)')).toBeNull();
    expect(telHref('<img src=x onerror=alert(1)>')).toBeNull();
    expect(telHref('12')).toBeNull();
    expect(telHref('')).toBeNull();
  });
});

describe('a regra de e-mail é a da restrição do banco (clients_email_plain_check)', () => {
  it('aceita endereços simples e recusa o que o banco recusa', () => {
    expect(isPlainEmail('ana.maria+crm@empresa.com.br')).toBe(true);
    expect(isPlainEmail("o'brien@exemplo.com")).toBe(true);
    expect(isPlainEmail('josé@exemplo.com.br')).toBe(false);
    expect(isPlainEmail('ana@-empresa.com')).toBe(false);
    expect(isPlainEmail('ana@empresa')).toBe(false);
    expect(isPlainEmail('a%b@empresa.com')).toBe(false);
    expect(isPlainEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });
});

describe('clientIdFromPath', () => {
  it('lê o id do endereço do admin e do CRM, decodificado quando possível', () => {
    expect(clientIdFromPath('/admin/clients/abc-123/')).toBe('abc-123');
    expect(clientIdFromPath('/admin/clients/%E2%9C%93')).toBe('✓');
    expect(clientIdFromPath('/my-clients/abc-123')).toBe('abc-123');
    expect(clientIdFromPath('/my-clients/edit/abc-123/')).toBe('abc-123');
    expect(clientIdFromPath('/my-clients/%3Cb%3Ex%3C%2Fb%3E')).toBe('<b>x</b>');
    expect(clientIdFromPath('/my-clients/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('devolve vazio quando o endereço não nomeia um cliente', () => {
    expect(clientIdFromPath('/admin/clients')).toBe('');
    expect(clientIdFromPath('/my-clients/edit/')).toBe('');
    expect(clientIdFromPath('/my-clients')).toBe('');
  });
});
