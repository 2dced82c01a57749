import { describe, expect, it } from 'vitest';
import { buildPlanPatch, parseMonthlyPrice, planLabel, priceForInput } from '../../src/lib/domain/project-admin-rules';

describe('parseMonthlyPrice', () => {
  it('lê preços em pt-BR e com ponto decimal; vazio é "não definido"', () => {
    expect(parseMonthlyPrice('')).toEqual({ value: null });
    expect(parseMonthlyPrice('1.999,50')).toEqual({ value: 1999.5 });
    expect(parseMonthlyPrice('R$ 1.500')).toEqual({ value: 1500 });
    expect(parseMonthlyPrice('999,9')).toEqual({ value: 999.9 });
    expect(parseMonthlyPrice('1999.50')).toEqual({ value: 1999.5 });
    expect(parseMonthlyPrice('0')).toEqual({ value: 0 });
  });

  it('recusa negativo, texto e mais de duas casas com mensagem em pt-BR', () => {
    expect(parseMonthlyPrice('-1')).toEqual({ error: 'O preço mensal não pode ser negativo.' });
    expect(parseMonthlyPrice('abc')).toEqual({ error: 'Informe o preço mensal em reais, por exemplo 1.500,00.' });
    expect(parseMonthlyPrice('10,123')).toEqual({ error: 'Informe o preço mensal em reais, por exemplo 1.500,00.' });
  });
});

describe('priceForInput e planLabel', () => {
  it('mostra o preço com vírgula e sem ",00"; o plano pelo nome', () => {
    expect(priceForInput(1999)).toBe('1999');
    expect(priceForInput(1999.5)).toBe('1999,50');
    expect(priceForInput(null)).toBe('');
    expect(planLabel('advanced')).toBe('Pacote Avançado IA');
    expect(planLabel(null)).toBe('Sem plano');
  });
});

describe('buildPlanPatch', () => {
  const stored = { plan: 'advanced', monthly_price: 999 };
  it('nada mudou: nada vai no patch', () => {
    expect(buildPlanPatch(stored, { plan: 'advanced', monthlyPrice: '999' })).toEqual({ patch: {} });
  });
  it('troca de plano sem mexer no preço manda só o plano (o banco aplica o preço de lista)', () => {
    expect(buildPlanPatch(stored, { plan: 'premium', monthlyPrice: '999' })).toEqual({ patch: { plan: 'premium' } });
  });
  it('preço negociado do plano corporativo vai junto; preço inválido é erro', () => {
    expect(buildPlanPatch({ plan: 'enterprise', monthly_price: null }, { plan: 'enterprise', monthlyPrice: '4.500,00' })).toEqual({
      patch: { monthly_price: 4500 },
    });
    expect(buildPlanPatch(stored, { plan: 'advanced', monthlyPrice: '-5' })).toEqual({ error: 'O preço mensal não pode ser negativo.' });
  });
});
