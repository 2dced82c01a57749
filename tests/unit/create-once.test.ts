// createOnce: a row with a browser-made id is stored once; a retry after a lost answer reads the stored row back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { createFakeSupabase } from './projects.fake-supabase';

const fake = vi.hoisted(() => ({ current: null as null | ReturnType<typeof createFakeSupabase> }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./projects.fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

const { createOnce } = await import('../../src/lib/data/create-once');
const { DataError, NotFoundError } = await import('../../src/lib/data/data-errors');

const sb = () => fake.current as ReturnType<typeof createFakeSupabase>;
const ID = '0b6c1f9e-3d2a-4c5b-8e7f-1a2b3c4d5e6f';
const texts = { failure: 'Não foi possível criar o projeto.', missing: 'Projeto não encontrado.' };
const stored = { id: ID, title: 'Chatbot', user_id: 'user-1' };

beforeEach(() => sb().reset());

describe('createOnce', () => {
  it('insere com on conflict (id) do nothing e devolve a linha que o banco devolveu, sem ler de novo', async () => {
    sb().respond({ data: [stored], status: 201 });
    expect(await createOnce({ table: 'projects', row: { id: ID, title: 'Chatbot' }, ...texts })).toEqual(stored);
    expect(sb().calls).toEqual([
      [['from', 'projects'], ['upsert', { id: ID, title: 'Chatbot' }, { onConflict: 'id', ignoreDuplicates: true }], ['select', '*']],
    ]);
  });

  it('uma nova tentativa cujo envio anterior chegou não grava outra linha: lê a gravada pelo id, nas mesmas colunas', async () => {
    sb().respond({ data: [], status: 201 }, { data: stored });
    const columns = 'id, title, author:profiles(full_name)';
    expect(await createOnce({ table: 'projects', row: { id: ID, title: 'Chatbot' }, columns, ...texts })).toEqual(stored);
    expect(sb().calls[0]![2]).toEqual(['select', columns]);
    expect(sb().calls[1]).toEqual([['from', 'projects'], ['select', columns], ['eq', 'id', ID], ['maybeSingle']]);
  });

  it('um id que o usuário não pode ler (de outra pessoa, ou já excluído) é NotFoundError com o texto dado', async () => {
    sb().respond({ data: [], status: 201 }, { data: null });
    const error = await createOnce({ table: 'projects', row: { id: ID }, ...texts }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ message: 'Projeto não encontrado.' });
  });

  it('a recusa do banco chega com o texto dele e nada é lido depois', async () => {
    sb().respond({ error: { message: 'O título do projeto é obrigatório.', code: '23514' }, status: 400 });
    const error = await createOnce({ table: 'projects', row: { id: ID, title: ' ' }, ...texts }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ message: 'O título do projeto é obrigatório.', code: '23514' });
    expect(sb().calls).toHaveLength(1);
  });

  it('uma falha na leitura de volta usa o texto de falha quando o servidor não deu um', async () => {
    sb().respond({ data: [], status: 201 }, { error: { message: '' }, status: 500 });
    await expect(createOnce({ table: 'projects', row: { id: ID }, ...texts })).rejects.toBeInstanceOf(DataError);
  });
});
