import { describe, expect, it } from 'vitest';
import { INBOX_STATUS_OPTIONS, waitingTime } from '../../src/lib/domain/support-rules';

describe('waitingTime', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it.each([
    [null, '—'],
    ['não é data', '—'],
    ['2026-11-24T11:59:30Z', 'menos de 1 min'],
    ['2026-11-24T11:48:00Z', '12 min'],
    ['2026-11-24T07:00:00Z', '5 h'],
    ['2026-11-22T13:00:00Z', '47 h'],
    ['2026-11-21T12:00:00Z', '3 dias'],
    ['2026-11-25T12:00:00Z', 'menos de 1 min'],
  ])('aguardando desde %s: "%s"', (since, text) => expect(waitingTime(since, now)).toBe(text));
});

describe('filtro de status da caixa de entrada', () => {
  it('oferece "Todos os status", "Aberto", "Em Progresso" e "Resolvido"', () => {
    expect(INBOX_STATUS_OPTIONS.map((o) => o.label)).toEqual(['Todos os status', 'Aberto', 'Em Progresso', 'Resolvido']);
  });
});
