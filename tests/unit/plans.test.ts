import { describe, expect, it } from 'vitest';
import { PLANS, isPlanId, planActionText, planName, planSelectionToasts } from '../../src/lib/domain/plans';

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

describe('toasts ao selecionar um plano', () => {
  it('um pacote mensal mostra "Plano Selecionado!" com o nome do plano', () => {
    expect(planSelectionToasts(PLANS[1])).toEqual([
      { title: 'Plano Selecionado!', description: 'Você selecionou o Pacote Avançado IA. Próximo passo: Pagamento.' },
    ]);
  });

  it('o corporativo acrescenta "Plano Corporativo"', () => {
    expect(planSelectionToasts(PLANS[3])).toEqual([
      { title: 'Plano Selecionado!', description: 'Você selecionou o Pacote Corporativo IA. Próximo passo: Pagamento.' },
      { title: 'Plano Corporativo', description: 'Entraremos em contato para discutir suas necessidades.' },
    ]);
  });

  it('dão o nome de um plano gravado, e "Sem plano" para um projeto sem plano', () => {
    expect(planName('premium')).toBe('Pacote Premium IA');
    expect(planName(null)).toBe('Sem plano');
    expect(planName('gold')).toBe('Sem plano');
    expect([isPlanId('enterprise'), isPlanId('gold'), isPlanId(undefined)]).toEqual([true, false, false]);
  });
});
