import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { listProjectUpdates, createProjectUpdate, deleteProjectUpdate } = await import('../../src/lib/data/project-updates');
const { DataError, NotFoundError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const PROJECT = '0b7c2a64-2f5e-4a52-9a51-6f0d7c1e9a01';
const UPDATE = '5d1e8f0a-7c3b-4e2d-9f6a-1b2c3d4e5f60';
const COLUMNS = 'id, project_id, author_id, content, created_at, author:profiles!project_updates_author_id_fkey(full_name)';
const row = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  project_id: PROJECT,
  author_id: 'user-1',
  content: `Atualização ${i}`,
  created_at: `2026-11-24T12:00:${String(59 - i).padStart(2, '0')}.000+00:00`,
  author: { full_name: 'Ana' },
});

beforeEach(() => sb().reset());

describe('listProjectUpdates', () => {
  it('pede 21 atualizações do projeto, mais novas primeiro (created_at e id), com o nome do autor', async () => {
    sb().respond({ data: [row(1), row(2)] });
    const page = await listProjectUpdates(PROJECT);
    expect(page).toEqual({ rows: [row(1), row(2)], hasMore: false });
    expect(sb().calls[0]).toEqual([
      ['from', 'project_updates'],
      ['select', COLUMNS],
      ['eq', 'project_id', PROJECT],
      ['order', 'created_at', { ascending: false }],
      ['order', 'id', { ascending: false }],
      ['limit', 21],
      ['overrideTypes'],
    ]);
  });

  it('com 21 linhas mostra 20 e diz que há mais', async () => {
    const rows = Array.from({ length: 21 }, (_, i) => row(i));
    sb().respond({ data: rows });
    const page = await listProjectUpdates(PROJECT);
    expect(page.rows).toEqual(rows.slice(0, 20));
    expect(page.hasMore).toBe(true);
  });

  it('a página seguinte começa depois da última linha mostrada (mesmo instante: id menor), sem deslocar com posts novos', async () => {
    sb().respond({ data: [] });
    const last = row(3);
    await listProjectUpdates(PROJECT, { after: { created_at: last.created_at, id: last.id } });
    const at = `"${last.created_at}"`;
    expect(sb().calls[0]).toContainEqual(['or', `created_at.lt.${at},and(created_at.eq.${at},id.lt.${last.id})`]);
  });

  it('um id de projeto que não é uuid é NotFoundError sem requisição', async () => {
    await expect(listProjectUpdates('abc')).rejects.toBeInstanceOf(NotFoundError);
    expect(sb().calls).toEqual([]);
  });

  it('o erro do servidor chega com mensagem e código', async () => {
    sb().respond({ error: { message: 'permission denied for table project_updates', code: '42501' }, status: 403 });
    await expect(listProjectUpdates(PROJECT)).rejects.toMatchObject({ serverMessage: 'permission denied for table project_updates', code: '42501', status: 403 });
  });
});

describe('createProjectUpdate', () => {
  it('insere com o id do formulário (on conflict do nothing) e devolve a linha gravada com o autor', async () => {
    const stored = { ...row(1), id: UPDATE, content: 'Texto' };
    sb().respond({ data: [stored], status: 201 });
    const result = await createProjectUpdate({ id: UPDATE, projectId: PROJECT, content: 'Texto' });
    expect(result).toEqual(stored);
    expect(sb().calls).toEqual([
      [
        ['from', 'project_updates'],
        ['upsert', { id: UPDATE, project_id: PROJECT, content: 'Texto' }, { onConflict: 'id', ignoreDuplicates: true }],
        ['select', COLUMNS],
      ],
    ]);
  });

  it('não manda author_id: o banco grava quem chama', async () => {
    sb().respond({ data: [row(1)], status: 201 });
    await createProjectUpdate({ id: UPDATE, projectId: PROJECT, content: 'x' });
    expect(JSON.stringify(sb().calls[0]![1])).not.toContain('author_id');
  });

  it('um reenvio cuja primeira tentativa chegou ao servidor não insere de novo: devolve a linha já gravada', async () => {
    const stored = { ...row(1), id: UPDATE };
    sb().respond({ data: [stored], status: 201 }, { data: [], status: 201 }, { data: stored });
    const first = await createProjectUpdate({ id: UPDATE, projectId: PROJECT, content: 'Texto' });
    const again = await createProjectUpdate({ id: UPDATE, projectId: PROJECT, content: 'Texto' });
    expect(again).toEqual(first);
    const upserts = sb().calls.filter((c) => c.some(([m]) => m === 'upsert'));
    expect(upserts.map((c) => (c[1]![1] as { id: string }).id)).toEqual([UPDATE, UPDATE]);
    expect(sb().calls[2]).toEqual([['from', 'project_updates'], ['select', COLUMNS], ['eq', 'id', UPDATE], ['maybeSingle']]);
  });

  it('a recusa do banco (conteúdo em branco) chega com a mensagem dele e nada é lido depois', async () => {
    sb().respond({ error: { message: 'A atualização não pode ficar em branco.', code: '23514' }, status: 400 });
    const err = await createProjectUpdate({ id: UPDATE, projectId: PROJECT, content: '   ' }).catch((e) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({ message: 'A atualização não pode ficar em branco.', code: '23514' });
    expect(sb().calls).toHaveLength(1);
  });
});

describe('deleteProjectUpdate', () => {
  it('exclui pelo id e confere que uma linha saiu', async () => {
    sb().respond({ data: [{ id: UPDATE }] });
    await deleteProjectUpdate(UPDATE);
    expect(sb().calls[0]).toEqual([['from', 'project_updates'], ['delete'], ['eq', 'id', UPDATE], ['select', 'id']]);
  });

  it('nada excluído (passou dos 15 minutos, não é o autor, já excluída) é NotFoundError', async () => {
    sb().respond({ data: [] });
    await expect(deleteProjectUpdate(UPDATE)).rejects.toBeInstanceOf(NotFoundError);
  });
});
