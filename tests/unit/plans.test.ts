import { describe, expect, it } from 'vitest';
import { PLANS, isPlanId, planActionText, planName, planCreatedToast, planPrice, planSummary } from '../../src/lib/domain/plans';

describe('planos', () => {
  it('são os quatro pacotes na ordem essencial, avançado, premium, corporativo', () => {
    expect(PLANS.map((p) => [p.id, p.name])).toEqual([
      ['essential', 'Pacote Essencial IA'],
      ['advanced', 'Pacote Avançado IA'],
      ['premium', 'Pacote Premium IA'],
      ['enterprise', 'Pacote Corporativo IA'],
    ]);
  });

  it('mostram os preços em BRL pt-BR com "/mês", e o corporativo "Personalizado" sem sufixo', () => {
    expect(PLANS.map((p) => `${p.priceText}${p.priceSuffix}`)).toEqual(['R$ 499/mês', 'R$ 999/mês', 'R$ 1.999/mês', 'Personalizado']);
  });

  it('destacam apenas o pacote avançado', () => {
    expect(PLANS.filter((p) => p.highlight).map((p) => p.id)).toEqual(['advanced']);
  });

  it('usam "Selecionar Plano", e "Entrar em Contato" no corporativo', () => {
    expect(PLANS.map(planActionText)).toEqual(['Selecionar Plano', 'Selecionar Plano', 'Selecionar Plano', 'Entrar em Contato']);
  });

  it('têm cada um um identificador de preço de pagamento e uma lista de recursos', () => {
    for (const plan of PLANS) {
      expect(plan.paymentPriceId).toMatch(/^price_/);
      expect(plan.features.length).toBeGreaterThanOrEqual(4);
    }
    expect(PLANS.find((p) => p.id === 'advanced')!.features).toContain('3 modelos de IA personalizados');
  });
});

describe('o toast depois de escolher um plano', () => {
  it('diz que o projeto foi criado e que a equipe entrará em contato, sem passo de pagamento', () => {
    expect(planCreatedToast(PLANS[1])).toEqual({
      title: 'Projeto criado!',
      description: 'Seu projeto do Pacote Avançado IA foi criado. Nossa equipe entrará em contato para combinar os próximos passos.',
    });
    for (const plan of PLANS) expect(planCreatedToast(plan).description).not.toMatch(/Pagamento/i);
  });

  it('o corporativo diz que entraremos em contato para discutir necessidades e preço', () => {
    expect(planCreatedToast(PLANS[3])).toEqual({
      title: 'Projeto criado!',
      description: 'Seu projeto do Pacote Corporativo IA foi criado. Entraremos em contato para discutir suas necessidades e o preço.',
    });
  });
});

describe('o que o cliente comprou', () => {
  it('o preço mensal em reais por mês, ou "A combinar" enquanto a agência não o definiu', () => {
    expect([planPrice(999), planPrice('1999'), planPrice(12500.5), planPrice(0)]).toEqual([
      'R$ 999,00/mês', 'R$ 1.999,00/mês', 'R$ 12.500,50/mês', 'R$ 0,00/mês',
    ]);
    expect([planPrice(null), planPrice(undefined), planPrice('x')]).toEqual(['A combinar', 'A combinar', 'A combinar']);
  });

  it('a linha do cartão junta o nome do plano e o preço; sem plano nem preço diz "Sem plano"', () => {
    expect(planSummary('advanced', 999)).toBe('Pacote Avançado IA · R$ 999,00/mês');
    expect(planSummary('enterprise', null)).toBe('Pacote Corporativo IA · A combinar');
    expect(planSummary(null, 1200)).toBe('Sem plano · R$ 1.200,00/mês');
    expect(planSummary(null, null)).toBe('Sem plano');
    expect(planName('__proto__')).toBe('Sem plano');
  });
});

describe('nomes dos planos', () => {
  it('dão o nome de um plano gravado, e "Sem plano" para um projeto sem plano', () => {
    expect(planName('premium')).toBe('Pacote Premium IA');
    expect(planName(null)).toBe('Sem plano');
    expect(planName('gold')).toBe('Sem plano');
    expect([isPlanId('enterprise'), isPlanId('gold'), isPlanId(undefined)]).toEqual([true, false, false]);
  });
});
