// The arithmetic of `npm run bench`, free of browsers and servers: medians, the figures read from a Lighthouse
// result, each page's LCP as a ratio to the bare reference page measured in the same run, and the goals checked.

/** Nearest-rank percentile of the finite values (NaN when there are none). */
export function percentile(values: number[], p: number): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/** The median of the finite values: the middle one, or the mean of the two middle ones for an even count. */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** value ÷ reference; NaN when either is missing or the reference is not positive. */
export function ratio(value: number, reference: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(reference) || reference <= 0) return NaN;
  return value / reference;
}

export interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsBytes: number;
  cssBytes: number;
}

const FIGURE_KEYS: (keyof LighthouseFigures)[] = ['score', 'fcp', 'lcp', 'tbt', 'cls', 'si', 'jsBytes', 'cssBytes'];

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

/** What one Lighthouse run measured; a run that failed (runtimeError) counts as all NaN, which medians skip. */
export function lighthouseFigures(lhr: any): LighthouseFigures {
  if (lhr?.runtimeError) return Object.fromEntries(FIGURE_KEYS.map((k) => [k, NaN])) as unknown as LighthouseFigures;
  const audit = (id: string) => Number(lhr.audits?.[id]?.numericValue ?? NaN);
  const items: NetworkItem[] = lhr.audits?.['network-requests']?.details?.items ?? [];
  const bytes = (type: string) => items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const score = lhr.categories?.performance?.score;
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : NaN,
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
  };
}

/** Each figure's median over the runs. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  return Object.fromEntries(FIGURE_KEYS.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as LighthouseFigures;
}

export type PageKind = 'public' | 'signed-in';

/** The goals per kind of page: LCP as a multiple of the reference's, TBT, score; CLS is 0 for every page. */
export const GOALS: Record<PageKind, { lcpRatio: number; tbtMs: number; minScore: number; firstRowsMs?: number }> = {
  public: { lcpRatio: 1.15, tbtMs: 50, minScore: 100 },
  'signed-in': { lcpRatio: 2.0, tbtMs: 100, minScore: 98, firstRowsMs: 500 },
};

export interface PageResult {
  page: string;
  kind: PageKind;
  score: number;
  lcpRatio: number;
  tbt: number;
  cls: number;
  /** Milliseconds from navigation to the first data row, first visit and second visit (signed-in pages). */
  firstRows?: { firstVisit: number; secondVisit: number };
}

export interface GoalCheck {
  page: string;
  goal: string;
  value: string;
  met: boolean;
}

const fmt = (n: number, digits: number, unit = '') => (Number.isFinite(n) ? `${n.toFixed(digits)}${unit}` : 'sem medida');

/**
 * Every goal of a page, met or not. A missing figure (NaN) never meets a goal. CLS counts as 0 when it prints as
 * 0.000, the precision every report shows.
 */
export function checkGoals(r: PageResult): GoalCheck[] {
  const g = GOALS[r.kind];
  const check = (goal: string, value: string, met: boolean): GoalCheck => ({ page: r.page, goal, value, met });
  const checks = [
    check(`LCP ≤ ${g.lcpRatio.toFixed(2)}× a referência`, fmt(r.lcpRatio, 2, '×'), r.lcpRatio <= g.lcpRatio),
    check(`TBT ≤ ${g.tbtMs} ms`, fmt(r.tbt, 0, ' ms'), r.tbt <= g.tbtMs),
    check('CLS 0', fmt(r.cls, 3), Math.abs(r.cls) < 0.0005),
    check(g.minScore === 100 ? 'desempenho 100' : `desempenho ≥ ${g.minScore}`, fmt(r.score, Number.isInteger(r.score) ? 0 : 1), r.score >= g.minScore),
  ];
  if (g.firstRowsMs !== undefined && r.firstRows) {
    const limit = g.firstRowsMs;
    const { firstVisit, secondVisit } = r.firstRows;
    checks.push(check(`primeiras linhas ≤ ${limit} ms (1ª visita)`, fmt(firstVisit, 0, ' ms'), firstVisit <= limit));
    checks.push(check(`primeiras linhas ≤ ${limit} ms (2ª visita)`, fmt(secondVisit, 0, ' ms'), secondVisit <= limit));
  }
  return checks;
}

/** The checklist as printed: one line per goal, `[x]` when met, `[ ]` when not. */
export function checklistLines(checks: GoalCheck[]): string[] {
  return checks.map((c) => `${c.met ? '[x]' : '[ ]'} ${c.page}: ${c.goal} (medido: ${c.value})`);
}

/** A plain text table: the first column left-aligned (page names), the others right-aligned (figures). */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
