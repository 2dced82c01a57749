import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/lib/data/supabase', () => ({ supabase: {} }));

const { DataError, NotFoundError, toDataError } = await import('../../src/lib/data/data-errors');

describe('toDataError', () => {
  it('guarda a mensagem, o código, o status HTTP e os detalhes do servidor', () => {
    const err = toDataError({ message: 'permission denied for table tasks', code: '42501', details: 'x' }, 403, 'ignorado');
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({ message: 'permission denied for table tasks', code: '42501', status: 403, details: 'x' });
  });

  it('sem mensagem do servidor, usa o texto de reserva da tela', () => {
    expect(toDataError({ message: '', code: 'XX000' }, 500, 'Não foi possível buscar suas tarefas.').message).toBe(
      'Não foi possível buscar suas tarefas.',
    );
    expect(toDataError(null).message).toBe('Erro desconhecido.');
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

  it('uma mensagem do servidor que fala de fetch, mas tem código, fica como veio', () => {
    expect(toDataError({ message: 'could not fetch row', code: 'P0001' }).message).toBe('could not fetch row');
  });

  it('PGRST116 (nenhuma linha) vira NotFoundError', () => {
    expect(toDataError({ message: 'Cannot coerce the result to a single JSON object', code: 'PGRST116' }, 406)).toBeInstanceOf(
      NotFoundError,
    );
  });
});
