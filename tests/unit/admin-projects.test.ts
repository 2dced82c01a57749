// The agency's project data module against the recording fake client: the admin list's rpc arguments, key paging and
// totals, the client picker, and creating a project for a client once per id.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { listAdminProjects, listClientAccounts, createProjectForClient } = await import('../../src/lib/data/admin-projects');
const { DataError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const ID = '0b7c2a64-2f5e-4a52-9a51-6f0d7c1e9a01';
const row = {
  id: ID, user_id: 'u-9', title: 'Chatbot', description: null, status: 'pending', progress: 0, plan: 'advanced', monthly_price: 999,
  created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z', client_name: 'Ana', client_email: 'ana@x.com',
};
const tallies = {
  data: [
    { dimension: 'status', key: 'pending', count: 4 },
    { dimension: 'status', key: 'in-progress', count: '3' },
    { dimension: 'status', key: 'completed', count: 2 },
    { dimension: 'plan', key: 'advanced', count: 5 },
    { dimension: 'plan', key: '', count: 4 },
  ],
};

beforeEach(() => sb().reset());

describe('listAdminProjects', () => {
  it('pede 51 linhas ao rpc admin_projects sem filtros e soma os status para o total', async () => {
    sb().respond({ data: [row] }, tallies);
    expect(await listAdminProjects()).toEqual({ rows: [row], hasMore: false, total: 9 });
    expect(sb().calls[0]).toEqual([['rpc', 'admin_projects', { page_limit: 51 }]]);
    expect(sb().calls[1]).toEqual([['rpc', 'admin_analytics_projects', undefined]]);
  });

  it('com 51 linhas mostra 50 e diz que há mais; a próxima página começa depois da última linha', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ ...row, id: `p${i}` }));
    sb().respond({ data: rows }, tallies);
    const page = await listAdminProjects({ plan: 'advanced' });
    expect(page.rows).toHaveLength(50);
    expect(page.hasMore).toBe(true);
    expect(page.total).toBe(5);
    sb().reset();
    sb().respond({ data: [] }, tallies);
    await listAdminProjects({ status: 'pending', after: { created_at: row.created_at, id: 'p49' } });
    expect(sb().calls[0]).toEqual([
      ['rpc', 'admin_projects', { page_limit: 51, status_filter: 'pending', after_created_at: row.created_at, after_id: 'p49' }],
    ]);
  });

  it('uma busca vai ao banco aparada, com os filtros, e não tem total', async () => {
    sb().respond({ data: [row] });
    expect(await listAdminProjects({ search: '  ana@x ', status: 'pending', plan: 'advanced' })).toEqual({ rows: [row], hasMore: false, total: null });
    expect(sb().calls).toEqual([[['rpc', 'admin_projects', { page_limit: 51, search_term: 'ana@x', status_filter: 'pending', plan_filter: 'advanced' }]]]);
  });

  it('status e plano juntos não têm total (as contagens não cruzam os dois)', async () => {
    sb().respond({ data: [] });
    expect((await listAdminProjects({ status: 'completed', plan: 'premium' })).total).toBeNull();
    expect(sb().calls).toHaveLength(1);
  });

  it('a recusa do banco (quem não é da equipe) vira DataError com a mensagem do servidor', async () => {
    sb().respond({ error: { message: 'Apenas a equipe da agência pode fazer isso.', code: '42501' }, status: 403 }, tallies);
    const error = await listAdminProjects().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ message: 'Apenas a equipe da agência pode fazer isso.', code: '42501', status: 403 });
  });

  it('uma falha das contagens deixa a lista sem total', async () => {
    sb().respond({ data: [row] }, { error: { message: 'boom', code: 'XX000' }, status: 500 });
    expect(await listAdminProjects()).toEqual({ rows: [row], hasMore: false, total: null });
  });
});

describe('listClientAccounts', () => {
  it('pede até 20 contas, com a busca aparada só quando há uma', async () => {
    const ana = { id: 'u-9', full_name: 'Ana', email: 'ana@x.com' };
    sb().respond({ data: [ana] }, { data: [] });
    expect(await listClientAccounts()).toEqual([ana]);
    expect(await listClientAccounts('  ana ')).toEqual([]);
    expect(sb().calls.map((c) => c[0])).toEqual([
      ['rpc', 'admin_client_accounts', { page_limit: 20 }],
      ['rpc', 'admin_client_accounts', { page_limit: 20, search_term: 'ana' }],
    ]);
  });
});

describe('createProjectForClient', () => {
  const client = { id: 'u-9', full_name: 'Ana', email: 'ana@x.com' };
  const values = { id: ID, title: 'Chatbot', description: null, status: 'pending' as const, progress: 0, plan: 'advanced' as const };
  const stored = { ...row, client_name: undefined, client_email: undefined };

  it('grava com o id do formulário em nome do cliente e devolve a linha com nome e e-mail do cliente', async () => {
    sb().respond({ data: [stored] });
    expect(await createProjectForClient(values, client)).toEqual(row);
    expect(sb().calls[0]).toEqual([
      ['from', 'projects'],
      ['upsert', { ...values, user_id: 'u-9' }, { onConflict: 'id', ignoreDuplicates: true }],
      ['select', '*'],
    ]);
  });

  it('um reenvio do mesmo id não grava de novo: devolve a linha já gravada', async () => {
    sb().respond({ data: [] }, { data: stored });
    expect(await createProjectForClient(values, client)).toEqual(row);
    expect(sb().calls[1]).toEqual([['from', 'projects'], ['select', '*'], ['eq', 'id', ID], ['maybeSingle']]);
  });

  it('um erro do banco chega com a mensagem em pt-BR do servidor', async () => {
    sb().respond({ error: { message: 'O título do projeto é obrigatório.', code: '23514' }, status: 400 });
    await expect(createProjectForClient({ ...values, title: ' ' }, client)).rejects.toThrow('O título do projeto é obrigatório.');
  });
});
