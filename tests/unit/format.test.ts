import { describe, expect, it } from 'vitest';
import { formatCountCompact, formatCurrency, formatCurrencyCompact, formatDate, formatDateTime } from '../../src/lib/domain/format';

describe('formatDate', () => {
  it('formata datas como dd/MM/yyyy', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate(new Date(2023, 11, 31, 23, 59))).toBe('31/12/2023');
  });

  it('mostra "N/A" para datas ausentes ou inválidas', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('aceita timestamps ISO do Postgres', () => {
    const iso = new Date(2024, 0, 15, 10, 30).toISOString();
    expect(formatDate(iso)).toBe('15/01/2024');
  });
});

describe('formatDateTime', () => {
  it('formata data e hora como dd/MM/yyyy HH:mm (tickets)', () => {
    const iso = new Date(2024, 6, 9, 8, 5).toISOString();
    expect(formatDateTime(iso)).toBe('09/07/2024 08:05');
  });

  it('mostra "N/A" para datas ausentes', () => {
    expect(formatDateTime(null)).toBe('N/A');
  });
});

describe('formatCurrency', () => {
  it('formata reais no padrão pt-BR', () => {
    expect(formatCurrency(12500.75)).toBe('R$ 12.500,75');
    expect(formatCurrency(499)).toBe('R$ 499,00');
    expect(formatCurrency(0)).toBe('R$ 0,00');
  });
});

describe('datas de calendário', () => {
  it('uma data sem hora (prazo de tarefa) é o mesmo dia em qualquer fuso', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });

  it('uma data inválida como Date também vira "N/A"', () => {
    expect(formatDate(new Date('x'))).toBe('N/A');
    expect(formatDateTime('2024-13-45T99:00:00Z')).toBe('N/A');
  });
});

describe('formatos curtos dos eixos dos gráficos', () => {
  it('reais em pt-BR compacto, sem espaço inquebrável: R$ 499, R$ 1,2 mil, R$ 2,5 mi', () => {
    expect(formatCurrencyCompact(0)).toBe('R$ 0');
    expect(formatCurrencyCompact(499)).toBe('R$ 499');
    expect(formatCurrencyCompact(1200)).toBe('R$ 1,2 mil');
    expect(formatCurrencyCompact(1998)).toBe('R$ 2 mil');
    expect(formatCurrencyCompact(2_500_000)).toBe('R$ 2,5 mi');
  });

  it('contagens em pt-BR compacto: 12, 1,2 mil', () => {
    expect(formatCountCompact(12)).toBe('12');
    expect(formatCountCompact(1234)).toBe('1,2 mil');
  });
});
