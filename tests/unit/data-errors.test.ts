import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/data/supabase', () => ({ supabase: {} }));

const { DataError, NotFoundError, toDataError } = await import('../../src/lib/data/data-errors');

describe('toDataError', () => {
  it('mostra o texto em pt-BR do código e guarda o código, o status HTTP, os detalhes e a mensagem do servidor', () => {
    const err = toDataError({ message: 'permission denied for table tasks', code: '42501', details: 'x' }, 403, 'ignorado');
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({
      message: 'Você não tem permissão para esta ação.',
      code: '42501',
      status: 403,
      details: 'x',
      serverMessage: 'permission denied for table tasks',
    });
  });

  it('sem mensagem, código ou status conhecidos, usa o texto de reserva da tela', () => {
    expect(toDataError({ message: '', code: 'XX000' }, 0, 'Não foi possível buscar suas tarefas.').message).toBe(
      'Não foi possível buscar suas tarefas.',
    );
    expect(toDataError(null).message).toBe('Ocorreu um erro inesperado. Tente novamente em instantes.');
  });

  it('um erro 5xx sem código conhecido diz que o servidor teve um problema, nunca o inglês', () => {
    expect(toDataError({ message: 'Internal Server Error', code: '' }, 500, 'reserva').message).toBe(
      'O servidor teve um problema. Tente novamente em instantes.',
    );
  });

  it.each(['TypeError: Failed to fetch', 'TypeError: fetch failed', 'NetworkError when attempting to fetch resource.', 'Load failed'])(
    'uma requisição que não chegou (%s) vira o texto em pt-BR com código network',
    (message) => {
      expect(toDataError({ message, code: '' }, 0, 'reserva')).toMatchObject({
        message: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
        code: 'network',
      });
    },
  );

  it('uma mensagem do servidor que fala de fetch, mas tem código, não é falta de conexão', () => {
    expect(toDataError({ message: 'could not fetch row', code: 'P0001' })).toMatchObject({
      message: 'O banco de dados recusou a operação.',
      code: 'P0001',
    });
  });

  it('a mensagem em pt-BR de um raise exception das migrations passa sem mudança', () => {
    expect(toDataError({ message: 'O título do projeto é obrigatório.', code: '23514' }, 400).message).toBe('O título do projeto é obrigatório.');
  });

  it('PGRST116 (nenhuma linha) vira NotFoundError', () => {
    expect(toDataError({ message: 'Cannot coerce the result to a single JSON object', code: 'PGRST116' }, 406)).toBeInstanceOf(
      NotFoundError,
    );
  });
});
