import { describe, expect, it } from 'vitest';
import {
  checkGoals,
  checklistLines,
  lighthouseFigures,
  median,
  medianFigures,
  percentile,
  ratio,
  textTable,
  type PageResult,
} from '../../scripts/lib/bench-figures.ts';

describe('median (mediana das execuções)', () => {
  it('com um número ímpar de valores é o do meio, em qualquer ordem', () => {
    expect(median([900, 700, 2500, 800, 750])).toBe(800);
  });

  it('com um número par é a média dos dois do meio', () => {
    expect(median([1000, 600])).toBe(800);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('ignora as medidas que faltam (NaN) de execuções que falharam', () => {
    expect(median([NaN, 700, 900, NaN, 800])).toBe(800);
  });

  it('é NaN quando nada foi medido', () => {
    expect(median([])).toBeNaN();
    expect(median([NaN, NaN])).toBeNaN();
  });
});

describe('percentile (por posição mais próxima)', () => {
  it('p50, p95 e p100 de 1 a 20 são 10, 19 e 20', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(10);
    expect(percentile(values, 95)).toBe(19);
    expect(percentile(values, 100)).toBe(20);
  });
});

describe('ratio (página ÷ referência)', () => {
  it('divide a medida da página pela da referência', () => {
    expect(ratio(1500, 750)).toBe(2);
    expect(ratio(780, 750)).toBeCloseTo(1.04, 5);
  });

  it('é NaN sem uma referência positiva ou sem a medida', () => {
    expect(ratio(1500, 0)).toBeNaN();
    expect(ratio(1500, NaN)).toBeNaN();
    expect(ratio(NaN, 750)).toBeNaN();
  });
});

describe('lighthouseFigures (o que uma execução do Lighthouse mediu)', () => {
  const lhr = {
    categories: { performance: { score: 0.974 } },
    audits: {
      'first-contentful-paint': { numericValue: 700 },
      'largest-contentful-paint': { numericValue: 1400 },
      'total-blocking-time': { numericValue: 30 },
      'cumulative-layout-shift': { numericValue: 0 },
      'speed-index': { numericValue: 900 },
      'network-requests': {
        details: {
          items: [
            { resourceType: 'Script', transferSize: 1000 },
            { resourceType: 'Script', transferSize: 500 },
            { resourceType: 'Stylesheet', transferSize: 300 },
            { resourceType: 'Document', transferSize: 4000 },
          ],
        },
      },
    },
  };

  it('lê a nota (0-100), os tempos de pintura e de bloqueio, o CLS e os bytes de JS e CSS transferidos', () => {
    expect(lighthouseFigures(lhr)).toEqual({ score: 97, fcp: 700, lcp: 1400, tbt: 30, cls: 0, si: 900, jsBytes: 1500, cssBytes: 300 });
  });

  it('uma execução que o Lighthouse não concluiu vira medidas ausentes, que as medianas ignoram', () => {
    const failed = lighthouseFigures({ runtimeError: { code: 'NO_LCP', message: 'no LCP' } });
    expect(Object.values(failed).every(Number.isNaN)).toBe(true);
    const m = medianFigures([lighthouseFigures(lhr), failed]);
    expect(m.lcp).toBe(1400);
    expect(m.score).toBe(97);
  });
});

const signedIn: PageResult = { page: '/dashboard', kind: 'signed-in', score: 98, lcpRatio: 2.0, tbt: 100, cls: 0 };
const publicPage: PageResult = { page: '/', kind: 'public', score: 100, lcpRatio: 1.15, tbt: 50, cls: 0 };

describe('checkGoals (metas por página)', () => {
  it('tela logada no limite exato de cada meta (LCP 2,0×, TBT 100 ms, CLS 0, nota 98, linhas em 500 ms) atinge todas', () => {
    const checks = checkGoals({ ...signedIn, firstRows: { firstVisit: 500, secondVisit: 120 } });
    expect(checks.map((c) => c.goal)).toEqual([
      'LCP ≤ 2.00× a referência',
      'TBT ≤ 100 ms',
      'CLS 0',
      'desempenho ≥ 98',
      'primeiras linhas ≤ 500 ms (1ª visita)',
      'primeiras linhas ≤ 500 ms (2ª visita)',
    ]);
    expect(checks.every((c) => c.met)).toBe(true);
  });

  it('tela logada logo acima de cada limite não atinge nenhuma', () => {
    const checks = checkGoals({
      ...signedIn,
      lcpRatio: 2.01,
      tbt: 101,
      cls: 0.001,
      score: 97,
      firstRows: { firstVisit: 501, secondVisit: 640 },
    });
    expect(checks.map((c) => c.met)).toEqual([false, false, false, false, false, false]);
    expect(checks[0].value).toBe('2.01×');
    expect(checks[4].value).toBe('501 ms');
  });

  it('páginas públicas têm metas mais estritas: LCP 1,15×, TBT 50 ms, nota 100, sem meta de primeiras linhas', () => {
    expect(checkGoals(publicPage).every((c) => c.met)).toBe(true);
    const checks = checkGoals({ ...publicPage, lcpRatio: 1.16, tbt: 51, score: 99 });
    expect(checks.map((c) => [c.goal, c.met])).toEqual([
      ['LCP ≤ 1.15× a referência', false],
      ['TBT ≤ 50 ms', false],
      ['CLS 0', true],
      ['desempenho 100', false],
    ]);
  });

  it('uma nota mediana entre dois inteiros aparece com a casa decimal e não arredonda para a meta', () => {
    const score = checkGoals({ ...publicPage, score: 99.5 })[3];
    expect(score).toMatchObject({ goal: 'desempenho 100', value: '99.5', met: false });
  });

  it('um CLS que aparece como 0.000 conta como zero', () => {
    expect(checkGoals({ ...publicPage, cls: 0.0004 })[2].met).toBe(true);
    expect(checkGoals({ ...publicPage, cls: 0.0005 })[2].met).toBe(false);
  });

  it('uma meta sem medida nunca é atingida', () => {
    const checks = checkGoals({ ...signedIn, lcpRatio: NaN, tbt: NaN, cls: NaN, score: NaN, firstRows: { firstVisit: NaN, secondVisit: NaN } });
    expect(checks.some((c) => c.met)).toBe(false);
    expect(checks[0].value).toBe('sem medida');
  });
});

describe('checklistLines (a lista impressa)', () => {
  it('marca [x] as metas atingidas e [ ] as outras, com o valor medido', () => {
    const lines = checklistLines(checkGoals({ ...publicPage, tbt: 61 }));
    expect(lines[0]).toBe('[x] /: LCP ≤ 1.15× a referência (medido: 1.15×)');
    expect(lines[1]).toBe('[ ] /: TBT ≤ 50 ms (medido: 61 ms)');
  });
});

describe('textTable (tabelas impressas)', () => {
  it('alinha os nomes à esquerda e os números à direita, sem aspas', () => {
    const table = textTable(['Página', 'LCP (s)', 'LCP ÷ ref.'], [['/', '0.98', '1.51×'], ['/dashboard', '12.83', '4.11×']]);
    expect(table.split('\n')).toEqual([
      'Página      LCP (s)  LCP ÷ ref.',
      '----------  -------  ----------',
      '/              0.98       1.51×',
      '/dashboard    12.83       4.11×',
    ]);
  });
});
