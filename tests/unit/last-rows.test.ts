// The lists kept for a second visit: read back only by the user they were shown to, wiped on sign-out and when
// another account signs in on the same browser.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLastRows, keepLastRowsOf, readLastRows, writeLastRows } from '../../src/lib/stores/last-rows';
import { MemoryStorage } from './memory-storage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});

const page = (title: string) => ({ key: '|', rows: [{ id: '1', title }], total: 1, hasMore: false });

describe('últimas linhas de uma lista', () => {
  it('devolve ao mesmo usuário a primeira página que a lista mostrou, para os mesmos filtros', () => {
    writeLastRows('projects', 'user-a', page('Chatbot'));
    expect(readLastRows('projects', 'user-a', '|')?.rows).toEqual([{ id: '1', title: 'Chatbot' }]);
    expect(readLastRows('projects', 'user-a', 'busca|')).toBeNull();
    expect(readLastRows('tasks', 'user-a', '|')).toBeNull();
  });

  it('nunca entrega as linhas de um usuário a outro', () => {
    writeLastRows('projects', 'user-a', page('Segredo de A'));
    expect(readLastRows('projects', 'user-b', '|')).toBeNull();
    expect(readLastRows('projects', null, '|')).toBeNull();
  });

  it('o login de outra conta apaga tudo o que foi guardado para a anterior', () => {
    writeLastRows('projects', 'user-a', page('Segredo de A'));
    keepLastRowsOf('user-a');
    expect(readLastRows('projects', 'user-a', '|')).not.toBeNull();
    keepLastRowsOf('user-b');
    expect(storage.items.size).toBe(0);
  });

  it('gravar para outro usuário descarta primeiro as listas do anterior', () => {
    writeLastRows('projects', 'user-a', page('Segredo de A'));
    writeLastRows('tasks', 'user-b', page('Tarefa de B'));
    expect(readLastRows('projects', 'user-b', '|')).toBeNull();
    expect(readLastRows('projects', 'user-a', '|')).toBeNull();
    expect(readLastRows('tasks', 'user-b', '|')).not.toBeNull();
  });

  it('sair da conta apaga as listas guardadas', () => {
    writeLastRows('projects', 'user-a', page('Chatbot'));
    clearLastRows();
    expect(readLastRows('projects', 'user-a', '|')).toBeNull();
  });

  it('uma primeira página grande demais não é guardada, e um valor corrompido é ignorado', () => {
    writeLastRows('projects', 'user-a', { key: '|', rows: [{ id: '1', title: 'x'.repeat(300_000) }], total: 1, hasMore: false });
    expect(readLastRows('projects', 'user-a', '|')).toBeNull();
    storage.setItem('portal-ia:last-rows', '{não é json');
    expect(readLastRows('projects', 'user-a', '|')).toBeNull();
  });
});
