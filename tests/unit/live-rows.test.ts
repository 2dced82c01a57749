import { describe, expect, it } from 'vitest';
import {
  changedId, newestFirst, oldestFirst, refreshFirstPage, removeRow, unionRows, upsertRow,
} from '../../src/lib/data/live-rows';

type Row = { id: string; created_at: string; body?: string };
const r = (id: string, created_at: string, body = id): Row => ({ id, created_at, body });

describe('mesclagem de mudanças ao vivo por id', () => {
  it('uma linha nova entra na ordem da conversa (mais antiga primeiro, empate pelo id)', () => {
    const rows = [r('a', '2026-01-01T10:00:00Z'), r('c', '2026-01-01T12:00:00Z')];
    const next = upsertRow(rows, r('b', '2026-01-01T11:00:00Z'), oldestFirst);
    expect(next.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(upsertRow(next, r('bb', '2026-01-01T11:00:00Z'), oldestFirst).map((x) => x.id)).toEqual(['a', 'b', 'bb', 'c']);
    expect(rows.map((x) => x.id)).toEqual(['a', 'c']); // the input is not changed
  });

  it('a mensagem que este navegador enviou e a mesma vinda do Realtime ficam uma só, em qualquer ordem', () => {
    const sent = r('m1', '2026-01-01T10:00:00Z', 'enviada');
    const fromRealtime = r('m1', '2026-01-01T10:00:00Z', 'do servidor');
    const afterAnswerFirst = upsertRow([sent], fromRealtime, oldestFirst);
    expect(afterAnswerFirst).toEqual([fromRealtime]);
    // Realtime first, then the send's answer (useTicketConversation keeps the row already there).
    const realtimeFirst = upsertRow([], fromRealtime, oldestFirst);
    const thenAnswer = realtimeFirst.some((m) => m.id === sent.id) ? realtimeFirst : [...realtimeFirst, sent];
    expect(thenAnswer).toHaveLength(1);
  });

  it('uma atualização substitui a linha no mesmo lugar, sem reordenar', () => {
    const rows = [r('a', '3'), r('b', '2'), r('c', '1')];
    expect(upsertRow(rows, r('b', '2', 'editada'), newestFirst)).toEqual([r('a', '3'), r('b', '2', 'editada'), r('c', '1')]);
  });

  it('a exclusão tira a linha pelo id; um id ausente devolve o mesmo array (nada a renderizar)', () => {
    const rows = [r('a', '1'), r('b', '2')];
    expect(removeRow(rows, 'a')).toEqual([r('b', '2')]);
    expect(removeRow(rows, 'zz')).toBe(rows);
  });

  it('a união de duas leituras tem cada id uma vez, na versão mais nova, em ordem', () => {
    const shown = [r('a', '1'), r('b', '2', 'velha')];
    const fresh = [r('b', '2', 'nova'), r('c', '3')];
    expect(unionRows(shown, fresh, oldestFirst)).toEqual([r('a', '1'), r('b', '2', 'nova'), r('c', '3')]);
  });

  it('o id da mudança vem da linha nova ou, numa exclusão, da antiga', () => {
    expect(changedId({ row: { id: 'n' }, old: null })).toBe('n');
    expect(changedId({ row: null, old: { id: 'o' } })).toBe('o');
    expect(changedId({ row: null, old: null })).toBeNull();
  });
});

describe('releitura da primeira página de uma lista paginada', () => {
  const key = (x: Row) => x.id;

  it('quando a primeira página é a lista inteira, ela é a lista (uma linha que saiu do filtro some)', () => {
    const current = { rows: [r('a', '3'), r('b', '2')], hasMore: false };
    expect(refreshFirstPage(current, { rows: [r('n', '4'), r('a', '3')], hasMore: false }, key)).toEqual({
      rows: [r('n', '4'), r('a', '3')],
      hasMore: false,
    });
  });

  it('uma linha empurrada para fora da primeira página por linhas novas continua na lista, no lugar dela', () => {
    // Page size 2: the user loaded 4 rows; a new row 'n' pushed 'b' out of the first page.
    const current = { rows: [r('a', '4'), r('b', '3'), r('c', '2'), r('d', '1')], hasMore: true };
    const fresh = { rows: [r('n', '5'), r('a', '4')], hasMore: true };
    const merged = refreshFirstPage(current, fresh, key);
    expect(merged.rows.map((x) => x.id)).toEqual(['n', 'a', 'b', 'c', 'd']);
    expect(merged.hasMore).toBe(true);
    expect(new Set(merged.rows.map((x) => x.id)).size).toBe(merged.rows.length);
  });

  it('só a primeira página carregada: as linhas empurradas por várias novas ficam, e "Carregar mais" segue da última', () => {
    // The server's list, newest first, page size 3: the user saw x, y, z; then n1 and n2 arrived.
    const server = [r('n2', '9'), r('n1', '8'), r('x', '7'), r('y', '6'), r('z', '5'), r('w', '4')];
    const current = { rows: [r('x', '7'), r('y', '6'), r('z', '5')], hasMore: true };
    const merged = refreshFirstPage(current, { rows: server.slice(0, 3), hasMore: true }, key);
    expect(merged.rows.map((x) => x.id)).toEqual(['n2', 'n1', 'x', 'y', 'z']);
    expect(merged.hasMore).toBe(true);
    // 'Carregar mais' asks from the number of rows shown: the next row is the first one not shown, none skipped.
    expect(server.slice(merged.rows.length).map((x) => x.id)).toEqual(['w']);
  });

  it('uma linha excluída (ou fora do filtro) no meio da primeira página some', () => {
    const current = { rows: [r('a', '4'), r('b', '3'), r('c', '2'), r('d', '1')], hasMore: true };
    const merged = refreshFirstPage(current, { rows: [r('a', '4'), r('c', '2'), r('d', '1')], hasMore: true }, key);
    expect(merged.rows.map((x) => x.id)).toEqual(['a', 'c', 'd']);
  });

  it('a lista toda já estava na tela: a linha empurrada fica e não há "Carregar mais"', () => {
    const current = { rows: [r('a', '2'), r('b', '1')], hasMore: false };
    const merged = refreshFirstPage(current, { rows: [r('n', '3'), r('a', '2')], hasMore: true }, key);
    expect(merged).toEqual({ rows: [r('n', '3'), r('a', '2'), r('b', '1')], hasMore: false });
  });

  it('sem linhas abaixo da primeira página nova, "Carregar mais" segue a resposta nova', () => {
    const current = { rows: [r('a', '2'), r('b', '1')], hasMore: false };
    expect(refreshFirstPage(current, { rows: [r('n', '3'), r('b', '1')], hasMore: true }, key).hasMore).toBe(true);
  });
});
