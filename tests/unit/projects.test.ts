import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { listProjects, recentProjects, projectCounts, getProject, updateProject, deleteProject, createProjectFromPlan } = await import(
  '../../src/lib/data/projects'
);
const { ConflictError, DataError, NotFoundError, SessionExpiredError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const ID = '0b7c2a64-2f5e-4a52-9a51-6f0d7c1e9a01';
const row = { id: ID, user_id: 'user-1', title: 'P', description: null, status: 'pending', progress: 0, created_at: 'c', updated_at: 'u1' };

beforeEach(() => sb().reset());

describe('listProjects', () => {
  const counts = { data: [{ status: 'pending', count: 70 }, { status: 'in-progress', count: 30 }, { status: 'completed', count: 20 }] };

  it('pede 51 dos projetos do usuário, mais recentes primeiro, sem contar a tabela: o total vem do rpc de contagens', async () => {
    sb().respond({ data: [row] }, counts);
    const result = await listProjects();
    expect(result).toEqual({ rows: [row], hasMore: false, total: 120 });
    expect(sb().calls[0]).toEqual([
      ['from', 'projects'],
      ['select', '*'],
      ['eq', 'user_id', 'user-1'],
      ['order', 'created_at', { ascending: false }],
      ['order', 'id', { ascending: false }],
      ['range', 0, 50],
    ]);
    expect(sb().calls[1]).toEqual([['rpc', 'project_status_counts', undefined]]);
  });

  it('com 51 linhas devolvidas mostra 50 e diz que há mais', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ ...row, id: `p${i}` }));
    sb().respond({ data: rows }, counts);
    const page = await listProjects();
    expect(page.rows).toEqual(rows.slice(0, 50));
    expect(page.hasMore).toBe(true);
  });

  it('com filtro de status o total é a contagem daquele status', async () => {
    sb().respond({ data: [] }, counts);
    const page = await listProjects({ status: 'in-progress', offset: 50 });
    expect(page.total).toBe(30);
    expect(sb().calls[0]).toContainEqual(['eq', 'status', 'in-progress']);
    expect(sb().calls[0]).toContainEqual(['range', 50, 100]);
  });

  it('se as contagens falham a lista aparece assim mesmo, sem total', async () => {
    sb().respond({ data: [row] }, { error: { message: 'boom', code: 'XX000' }, status: 500 });
    expect(await listProjects()).toEqual({ rows: [row], hasMore: false, total: null });
  });

  it('busca pelo título no servidor pelo rpc search_projects (termo literal, aparado), com status e página', async () => {
    sb().respond({ data: [row] });
    const page = await listProjects({ search: '  50%_off\\ ', status: 'completed', offset: 50 });
    expect(sb().calls).toEqual([
      [['rpc', 'search_projects', { search_term: '50%_off\\', status_filter: 'completed', page_offset: 50, page_limit: 51 }]],
    ]);
    expect(page).toEqual({ rows: [row], hasMore: false, total: null });
  });

  it('não filtra quando a busca está em branco e o status é "todos"', async () => {
    sb().respond({ data: [] }, counts);
    await listProjects({ search: '   ', status: '' });
    expect(sb().calls[0][0]).toEqual(['from', 'projects']);
    expect(sb().calls[0].filter((c) => c[0] === 'eq')).toEqual([['eq', 'user_id', 'user-1']]);
  });

  it('lança o erro do servidor com o código, a mensagem do servidor e o texto em pt-BR', async () => {
    sb().respond({ error: { message: 'permission denied for table projects', code: '42501' }, status: 403 });
    const err = await listProjects().catch((e) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({ message: 'Você não tem permissão para esta ação.', serverMessage: 'permission denied for table projects', code: '42501', status: 403 });
  });

  it('uma falha de rede vira uma mensagem em pt-BR', async () => {
    sb().respond({ error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 });
    await expect(listProjects()).rejects.toThrow('Não foi possível conectar ao servidor. Verifique sua conexão.');
  });

  it('sem sessão, lança SessionExpiredError sem consultar', async () => {
    sb().signOut();
    await expect(listProjects()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(sb().calls).toHaveLength(0);
  });

  it('num 401 renova a sessão uma vez e repete a consulta', async () => {
    sb().respond({ error: { message: 'JWT expired', code: 'PGRST303' }, status: 401 }, { data: [row] });
    expect(await listProjects({ search: 'P' })).toEqual({ rows: [row], hasMore: false, total: null });
    expect(sb().client.auth.refreshSession).toHaveBeenCalledTimes(1);
    expect(sb().calls).toHaveLength(2);
  });

  it('num 401 com a renovação recusada, lança SessionExpiredError', async () => {
    sb().respond({ error: { message: 'JWT expired', code: 'PGRST303' }, status: 401 });
    sb().client.auth.refreshSession.mockResolvedValueOnce({ data: { session: null }, error: { message: 'Invalid Refresh Token' } });
    await expect(listProjects()).rejects.toBeInstanceOf(SessionExpiredError);
  });
});

describe('recentProjects e projectCounts', () => {
  it('recentProjects pede os 5 mais recentes do usuário', async () => {
    sb().respond({ data: [row] });
    expect(await recentProjects(5)).toEqual([row]);
    expect(sb().calls[0]).toEqual([
      ['from', 'projects'],
      ['select', '*'],
      ['eq', 'user_id', 'user-1'],
      ['order', 'created_at', { ascending: false }],
      ['limit', 5],
    ]);
  });

  it('projectCounts soma as linhas do rpc project_status_counts', async () => {
    sb().respond({
      data: [
        { status: 'pending', count: 3 },
        { status: 'in-progress', count: '2' },
        { status: 'completed', count: 5 },
      ],
    });
    expect(await projectCounts()).toEqual({ total: 10, completed: 5, inProgress: 2, pending: 3 });
    expect(sb().calls[0][0]).toEqual(['rpc', 'project_status_counts', undefined]);
  });

  it('projectCounts sem projetos dá zeros', async () => {
    sb().respond({ data: [] });
    expect(await projectCounts()).toEqual({ total: 0, completed: 0, inProgress: 0, pending: 0 });
  });
});

describe('getProject', () => {
  it('filtra por id e por user_id e pede um único objeto', async () => {
    sb().respond({ data: row });
    expect(await getProject(ID)).toEqual(row);
    expect(sb().calls[0]).toEqual([['from', 'projects'], ['select', '*'], ['eq', 'id', ID], ['eq', 'user_id', 'user-1'], ['single']]);
  });

  it('PGRST116 (inexistente ou de outro usuário) vira NotFoundError', async () => {
    sb().respond({ error: { message: 'Cannot coerce the result to a single JSON object', code: 'PGRST116' }, status: 406 });
    await expect(getProject(ID)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('um id que não é uuid é NotFoundError sem consultar', async () => {
    await expect(getProject('_')).rejects.toBeInstanceOf(NotFoundError);
    expect(sb().calls).toHaveLength(0);
  });
});

describe('updateProject', () => {
  const patch = { title: 'Novo', description: null, status: 'in-progress' as const, progress: 50 };

  it('grava só se updated_at ainda é o carregado, e devolve a linha atualizada', async () => {
    const updated = { ...row, ...patch, updated_at: 'u2' };
    sb().respond({ data: updated });
    expect(await updateProject(ID, patch, 'u1')).toEqual(updated);
    expect(sb().calls[0]).toEqual([
      ['from', 'projects'],
      ['update', patch],
      ['eq', 'id', ID],
      ['eq', 'user_id', 'user-1'],
      ['eq', 'updated_at', 'u1'],
      ['select'],
      ['maybeSingle'],
    ]);
  });

  it('0 linhas com o projeto ainda existente: ConflictError (alterado em outro lugar)', async () => {
    sb().respond({ data: null }, { data: { ...row, updated_at: 'u9' } });
    const err = await updateProject(ID, patch, 'u1').catch((e) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toMatch(/alterado em outra aba/);
  });

  it('0 linhas com o projeto excluído: NotFoundError', async () => {
    sb().respond({ data: null }, { error: { message: 'no rows', code: 'PGRST116' }, status: 406 });
    await expect(updateProject(ID, patch, 'u1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('erro do servidor é lançado com o código, a mensagem do servidor guardada e o texto em pt-BR', async () => {
    sb().respond({ error: { message: 'new row violates check constraint "projects_progress_check"', code: '23514' }, status: 400 });
    await expect(updateProject(ID, patch, 'u1')).rejects.toMatchObject({
      code: '23514',
      message: 'Um dos campos tem um valor que não é permitido. Confira os campos e tente novamente.',
      serverMessage: expect.stringContaining('check constraint'),
    });
  });
});

describe('deleteProject', () => {
  it('exclui por id e user_id', async () => {
    sb().respond({ data: [{ id: ID }], status: 200 });
    await deleteProject(ID);
    expect(sb().calls[0]).toEqual([['from', 'projects'], ['delete'], ['eq', 'id', ID], ['eq', 'user_id', 'user-1'], ['select', 'id']]);
  });

  it('excluir nada (já excluído, ou de outro usuário) é NotFoundError', async () => {
    sb().respond({ data: [], status: 200 });
    await expect(deleteProject(ID)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lança o erro do servidor', async () => {
    sb().respond({ error: { message: 'permission denied', code: '42501' }, status: 403 });
    await expect(deleteProject(ID)).rejects.toMatchObject({ message: 'Você não tem permissão para esta ação.', serverMessage: 'permission denied', code: '42501' });
  });
});

describe('createProjectFromPlan', () => {
  const plan = { id: 'advanced' as const, name: 'Pacote Avançado IA' };
  const created = { ...row, title: 'Pacote Avançado IA', plan: 'advanced', monthly_price: 999 };

  it('cria o projeto pendente com o nome e o plano, pelo id dado, sem mandar preço', async () => {
    sb().respond({ data: [created] });
    expect(await createProjectFromPlan(ID, plan)).toEqual(created);
    expect(sb().calls[0]).toEqual([
      ['from', 'projects'],
      ['upsert', { id: ID, title: 'Pacote Avançado IA', plan: 'advanced', status: 'pending' }, { onConflict: 'id', ignoreDuplicates: true }],
      ['select', '*'],
    ]);
  });

  it('um clique repetido com o mesmo id não cria outro: devolve o projeto já gravado', async () => {
    sb().respond({ data: [] }, { data: created });
    expect(await createProjectFromPlan(ID, plan)).toEqual(created);
    expect(sb().calls[1]).toEqual([['from', 'projects'], ['select', '*'], ['eq', 'id', ID], ['maybeSingle']]);
  });

  it('uma falha de rede vira a mensagem em pt-BR', async () => {
    sb().respond({ error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 });
    await expect(createProjectFromPlan(ID, plan)).rejects.toThrow('Não foi possível conectar ao servidor. Verifique sua conexão.');
  });
});
