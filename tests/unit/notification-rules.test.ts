import { describe, expect, it } from 'vitest';
import { bellCount, bellLabel, relativeTime } from '../../src/lib/domain/notification-rules';

describe('the bell texts', () => {
  it('names the bell with the unread count, singular and plural, and plainly when none', () => {
    expect(bellLabel(0)).toBe('Notificações');
    expect(bellLabel(1)).toBe('Notificações, 1 não lida');
    expect(bellLabel(2)).toBe('Notificações, 2 não lidas');
  });

  it('draws up to 99 and then 99+', () => {
    expect(bellCount(0)).toBe('');
    expect(bellCount(7)).toBe('7');
    expect(bellCount(150)).toBe('99+');
  });

  it('tells the time in pt-BR relative to now', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(relativeTime('2026-11-27T11:59:30Z', now)).toBe('agora mesmo');
    expect(relativeTime('2026-11-27T11:55:00Z', now)).toBe('há 5 minutos');
    expect(relativeTime('2026-11-27T10:00:00Z', now)).toBe('há 2 horas');
    expect(relativeTime('2026-11-24T12:00:00Z', now)).toBe('há 3 dias');
    expect(relativeTime('inválido', now)).toBe('');
  });
});
