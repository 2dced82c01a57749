import { describe, expect, it } from 'vitest';
import { CONTACT_MAILTO, SERVICES, STATS, TESTIMONIALS } from '../../src/lib/public/landing';
import { HEADER_SCROLL_THRESHOLD, isScrolledPast } from '../../src/lib/public/landing-header';

describe('conteúdo da landing', () => {
  it('mostra as estatísticas +500, 98% e +1000', () => {
    expect(STATS.map((s) => `${s.value} ${s.label}`)).toEqual(['+500 clientes satisfeitos', '98% satisfação', '+1000 projetos entregues']);
  });

  it('lista os seis serviços da agência', () => {
    expect(SERVICES.map((s) => s.title)).toEqual([
      'Automação de Processos',
      'Análise Preditiva',
      'Chatbots Inteligentes',
      'Análise de Dados',
      'Desenvolvimento Personalizado',
      'Consultoria em IA',
    ]);
  });

  it('tem três depoimentos com nome, cargo, texto, nota de 1 a 5 e iniciais do nome', () => {
    expect(TESTIMONIALS).toHaveLength(3);
    for (const t of TESTIMONIALS) {
      expect(t.content.length).toBeGreaterThan(20);
      expect(t.position).not.toBe('');
      expect(t.rating).toBeGreaterThanOrEqual(1);
      expect(t.rating).toBeLessThanOrEqual(5);
      const initials = t.name.split(' ').map((w) => w[0]).join('');
      expect(initials).toBe(t.initials);
    }
  });

  it('o contato é um link mailto', () => {
    expect(CONTACT_MAILTO).toMatch(/^mailto:[^@\s]+@[^@\s?]+\?subject=/);
  });

  it('o cabeçalho fica translúcido só depois de 10 px de rolagem', () => {
    expect(HEADER_SCROLL_THRESHOLD).toBe(10);
    expect(isScrolledPast(0)).toBe(false);
    expect(isScrolledPast(10)).toBe(false);
    expect(isScrolledPast(11)).toBe(true);
  });
});
