import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { getProject, updateProject, deleteProject } = await import('../../src/lib/data/projects');
const { ConflictError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const ID = '0b7c2a64-2f5e-4a52-9a51-6f0d7c1e9a01';
const row = { id: ID, user_id: 'client-9', title: 'P', status: 'pending', progress: 0, plan: 'advanced', monthly_price: 999, updated_at: 'u1' };

beforeEach(() => {
  sb().reset();
  sb().signInAsAdmin();
});

describe('projeto aberto por um admin', () => {
  it('getProject lê o projeto de qualquer cliente: sem filtro de dono', async () => {
    sb().respond({ data: row });
    expect(await getProject(ID)).toEqual(row);
    expect(sb().calls[0]).toEqual([['from', 'projects'], ['select', '*'], ['eq', 'id', ID], ['single']]);
  });

  it('updateProject grava plano e preço com a mesma checagem de versão (updated_at), sem filtro de dono', async () => {
    sb().respond({ data: { ...row, monthly_price: 1500, updated_at: 'u2' } });
    await updateProject(ID, { title: 'P', status: 'in-progress', progress: 30, plan: 'enterprise', monthly_price: 1500 }, 'u1');
    expect(sb().calls[0]).toEqual([
      ['from', 'projects'],
      ['update', { title: 'P', status: 'in-progress', progress: 30, plan: 'enterprise', monthly_price: 1500 }],
      ['eq', 'id', ID],
      ['eq', 'updated_at', 'u1'],
      ['select'],
      ['maybeSingle'],
    ]);
  });

  it('nada gravado porque a versão mudou é ConflictError', async () => {
    sb().respond({ data: null }, { data: row });
    await expect(updateProject(ID, { title: 'Q' }, 'velho')).rejects.toBeInstanceOf(ConflictError);
  });

  it('deleteProject exclui o projeto de um cliente; com documentos, a recusa do banco chega com a mensagem dele', async () => {
    sb().respond({ data: [{ id: ID }] });
    await deleteProject(ID);
    expect(sb().calls[0]).toEqual([['from', 'projects'], ['delete'], ['eq', 'id', ID], ['select', 'id']]);
    const message = 'Este projeto tem documentos: exclua os documentos antes de excluir o projeto.';
    sb().respond({ error: { message, code: '23503' }, status: 409 });
    await expect(deleteProject(ID)).rejects.toMatchObject({ message, code: '23503', status: 409 });
  });
});
