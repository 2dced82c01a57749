import { describe, expect, it } from 'vitest';
import {
  BENCH_PAGES,
  interleave,
  kindOf,
  parseRuns,
  REFERENCE_HTML,
  servedPages,
  type Fixtures,
} from '../../scripts/lib/bench-plan.ts';

const fixtures: Fixtures = {
  project: { id: 'fe76f284-225e-4551-bfd7-aebe3f6d6ff5', title: 'Chatbot de Atendimento no WhatsApp' },
  clientTicket: 'Acesso ao relatório mensal',
  latestTicket: 'Acesso ao relatório mensal',
};

describe('interleave (ordem das execuções do Lighthouse)', () => {
  it('a referência roda logo antes de cada página, e as páginas se revezam em cada iteração', () => {
    const order = interleave(['A', 'B'], 2).map((s) => `${s.iteration}:${s.reference ? 'ref' : s.page}`);
    expect(order).toEqual(['0:ref', '0:A', '0:ref', '0:B', '1:ref', '1:A', '1:ref', '1:B']);
  });

  it('cada execução da referência fica com a página medida logo depois: cada página tem tantas referências quanto execuções', () => {
    const steps = interleave(['A', 'B', 'C'], 5);
    expect(steps).toHaveLength(30);
    for (const page of ['A', 'B', 'C']) {
      expect(steps.filter((s) => s.page === page && s.reference)).toHaveLength(5);
      expect(steps.filter((s) => s.page === page && !s.reference)).toHaveLength(5);
    }
    steps.forEach((s, i) => {
      if (!s.reference) expect(steps[i - 1]).toEqual({ ...s, reference: true });
    });
  });
});

describe('parseRuns (--runs)', () => {
  it('5 por padrão; aceita --runs N, --runs=N ou BENCH_RUNS, e a opção vence a variável', () => {
    expect(parseRuns([], {})).toBe(5);
    expect(parseRuns(['--runs', '2'], {})).toBe(2);
    expect(parseRuns(['--runs=3'], {})).toBe(3);
    expect(parseRuns([], { BENCH_RUNS: '7' })).toBe(7);
    expect(parseRuns(['--runs', '2'], { BENCH_RUNS: '7' })).toBe(2);
  });

  it('recusa um número que não seja inteiro de 1 em diante, e opções desconhecidas', () => {
    for (const bad of ['0', '-1', '2.5', 'dois', '']) {
      expect(() => parseRuns(['--runs', bad], {})).toThrow(/--runs precisa ser um número inteiro de 1 em diante/);
    }
    expect(() => parseRuns(['--runs'], {})).toThrow(/--runs precisa ser/);
    expect(() => parseRuns(['--pages'], {})).toThrow('Opção desconhecida: --pages');
  });
});

describe('BENCH_PAGES (páginas medidas)', () => {
  it('páginas públicas sem login, telas do cliente como o cliente e telas do admin como o admin', () => {
    const who = Object.fromEntries(BENCH_PAGES.map((p) => [p.label, p.account]));
    expect(who).toEqual({
      '/': null,
      '/login': null,
      '/dashboard': 'client',
      '/projects': 'client',
      '/projects/{id}': 'client',
      '/support': 'client',
      '/admin/support': 'admin',
      '/admin/projects-management': 'admin',
    });
    expect(BENCH_PAGES.filter((p) => kindOf(p) === 'public').every((p) => !p.firstRows)).toBe(true);
    expect(BENCH_PAGES.filter((p) => kindOf(p) === 'signed-in').every((p) => p.firstRows)).toBe(true);
  });

  it('o detalhe mede um projeto real: a URL dele e o título como primeiro dado', () => {
    const detail = BENCH_PAGES.find((p) => p.label === '/projects/{id}')!;
    expect(detail.path(fixtures)).toBe('/projects/fe76f284-225e-4551-bfd7-aebe3f6d6ff5');
    expect(detail.firstRows!(fixtures)).toEqual({ css: 'main h1', text: 'Chatbot de Atendimento no WhatsApp' });
  });

  it('procura o ticket mais recente pelo assunto, ou qualquer ticket quando não há um', () => {
    const support = BENCH_PAGES.find((p) => p.label === '/support')!;
    expect(support.firstRows!(fixtures).text).toBe('Acesso ao relatório mensal');
    expect(support.firstRows!({ ...fixtures, clientTicket: null })).toEqual({ css: 'main article' });
  });
});

describe('servedPages (só o que o build tem)', () => {
  it('fica só com as páginas que o site responde com 200: uma tela entra na medição quando existir', async () => {
    const asked: string[] = [];
    const status = async (path: string) => {
      asked.push(path);
      return path === '/admin/support' ? 404 : 200;
    };
    const served = await servedPages(BENCH_PAGES, fixtures, status);
    expect(served.map((p) => p.label)).not.toContain('/admin/support');
    expect(served).toHaveLength(BENCH_PAGES.length - 1);
    expect(asked).toContain('/projects/fe76f284-225e-4551-bfd7-aebe3f6d6ff5');
  });
});

describe('REFERENCE_HTML (página de referência)', () => {
  it('um título e um parágrafo, sem CSS, script, imagem nem outro pedido', () => {
    expect(REFERENCE_HTML.match(/<h1>/g)).toHaveLength(1);
    expect(REFERENCE_HTML.match(/<p>/g)).toHaveLength(1);
    expect(REFERENCE_HTML).not.toMatch(/<(script|style|link|img|iframe)\b|style=|src=|href=/i);
  });
});
