// What `npm run bench` measures and in which order: the pages (with who is signed in and how to tell that a
// screen's first data is on screen), the bare reference page, the interleaving of both, and the command line.
import type { PageKind } from './bench-figures.ts';

export type Account = 'client' | 'admin';

/** The seeded demo accounts the signed-in pages are measured with. */
export const ACCOUNTS: Record<Account, { email: string; password: string }> = {
  client: { email: 'cliente@exemplo.com.br', password: 'cliente123' },
  admin: { email: 'admin@exemplo.com.br', password: 'admin123' },
};

/** Data read from the API before measuring, so pages and markers name real rows. */
export interface Fixtures {
  /** The demo client's most recent project (first card on /dashboard and /projects). */
  project: { id: string; title: string };
  /** Subject of the demo client's most recent support ticket, if any. */
  clientTicket: string | null;
  /** Subject of the most recent ticket of any client (what the admin's list starts with), if any. */
  latestTicket: string | null;
}

/** The first data on a screen: a visible element matching `css`, whose text contains `text` when given. */
export interface RowMarker {
  css: string;
  text?: string;
}

export interface BenchPage {
  /** How the page is named in the output (`/projects/{id}` rather than one id). */
  label: string;
  account: Account | null;
  path(f: Fixtures): string;
  /** Signed-in screens only: how to see that the first row/card of data is on screen. */
  firstRows?(f: Fixtures): RowMarker;
}

const byTicket = (css: string, subject: string | null): RowMarker => (subject ? { css, text: subject } : { css });

/**
 * The pages, in measuring order. The markers are written against the screens' current markup (a project card's
 * link to its detail page, the project's title as the heading, a ticket with its subject) and must follow the
 * screens when their markup changes; a marker that never matches shows as 'sem medida' and fails its goal.
 * A page is measured only when the build serves it (see `servedPages`), so a screen is picked up when it lands.
 */
export const BENCH_PAGES: BenchPage[] = [
  { label: '/', account: null, path: () => '/' },
  { label: '/login', account: null, path: () => '/login' },
  {
    label: '/dashboard',
    account: 'client',
    path: () => '/dashboard',
    firstRows: () => ({ css: 'main a[href^="/projects/"]' }),
  },
  {
    label: '/projects',
    account: 'client',
    path: () => '/projects',
    firstRows: () => ({ css: 'main a[href^="/projects/"]' }),
  },
  {
    label: '/projects/{id}',
    account: 'client',
    path: (f) => `/projects/${f.project.id}`,
    firstRows: (f) => ({ css: 'main h1', text: f.project.title }),
  },
  {
    label: '/support',
    account: 'client',
    path: () => '/support',
    firstRows: (f) => byTicket('main article', f.clientTicket),
  },
  {
    label: '/admin/support',
    account: 'admin',
    path: () => '/admin/support',
    firstRows: (f) => byTicket('main :is(article, li, tr, [role="row"])', f.latestTicket),
  },
  {
    label: '/admin/projects-management',
    account: 'admin',
    path: () => '/admin/projects-management',
    firstRows: () => ({ css: 'main [data-testid="admin-project"]' }),
  },
];

export const kindOf = (page: BenchPage): PageKind => (page.account ? 'signed-in' : 'public');

/** The pages whose path the site answers with 200 (`status` asks the static server, rewrites included). */
export async function servedPages(
  pages: BenchPage[],
  fixtures: Fixtures,
  status: (path: string) => Promise<number>,
): Promise<BenchPage[]> {
  const served: BenchPage[] = [];
  for (const page of pages) if ((await status(page.path(fixtures))) === 200) served.push(page);
  return served;
}

/** Where the reference page is served from, next to the site's own files. */
export const REFERENCE_FILE = 'bench-reference.html';
export const REFERENCE_PATH = `/${REFERENCE_FILE}`;

/** The bare reference page: one heading and one paragraph, no CSS, no JavaScript, nothing else to fetch. */
export const REFERENCE_HTML = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Página de referência</title>
</head>
<body>
<h1>Página de referência</h1>
<p>Um documento HTML mínimo, sem CSS nem JavaScript, medido junto com as páginas do site para comparar.</p>
</body>
</html>
`;

export interface Step<P> {
  iteration: number;
  page: P;
  /** True for the reference run measured right before `page`'s run. */
  reference: boolean;
}

/**
 * The order of the Lighthouse runs: in every iteration, each page is preceded by a run of the reference page
 * (reference, A, reference, B, ...), so whatever slows a shared machine down at that moment hits both and each
 * page gets its own reference medians from the same moments.
 */
export function interleave<P>(pages: P[], runs: number): Step<P>[] {
  const steps: Step<P>[] = [];
  for (let iteration = 0; iteration < runs; iteration += 1) {
    for (const page of pages) {
      steps.push({ iteration, page, reference: true });
      steps.push({ iteration, page, reference: false });
    }
  }
  return steps;
}

/** `--runs N` (or `--runs=N`, or BENCH_RUNS): runs per page, 5 by default. */
export function parseRuns(argv: string[], env: Record<string, string | undefined>): number {
  let raw: string | undefined = env.BENCH_RUNS;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--runs') raw = argv[++i] ?? '';
    else if (arg.startsWith('--runs=')) raw = arg.slice('--runs='.length);
    else throw new Error(`Opção desconhecida: ${arg}. Uso: npm run bench -- [--runs N]`);
  }
  if (raw === undefined) return 5;
  const runs = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(runs) || runs < 1) {
    throw new Error(`--runs precisa ser um número inteiro de 1 em diante (recebido: ${raw})`);
  }
  return runs;
}
