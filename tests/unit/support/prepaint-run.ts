// Running a page's pre-paint inline script in a sandbox: the stored session (of TEST_USER with TEST_TOKEN unless
// told otherwise), the address, this browser's storage, the early-requests entries, and the gate the script settles.
import { runInNewContext } from 'node:vm';
import { SUPABASE_URL } from '../../../src/lib/data/session-key';
import { authTokenKey } from '../../../src/lib/util/session-storage-key';
import type { Project } from '../../../src/lib/data/projects';
import type { El } from './mini-dom';

export const TEST_USER = '5d1c2a8e-1111-4c3b-9f00-0000000000aa';
export const TEST_TOKEN = 'token-do-usuario';

/** One of TEST_USER's projects as the REST API answers it, with `over` changed. */
export const projectRow = (over: Partial<Project>): Project =>
  ({
    id: '11111111-2222-4333-8444-555555555555',
    title: 'Assistente de vendas',
    description: 'Um chatbot para o site.',
    created_at: '2025-03-10T14:30:00+00:00',
    progress: 40,
    status: 'in-progress',
    user_id: TEST_USER,
    plan: 'advanced',
    monthly_price: 999,
    ...over,
  }) as Project;

export interface PrepaintRun {
  /** The document's body: the script's `document.querySelector` searches it. */
  body: El;
  pathname: string;
  search?: string;
  /** The stored session; undefined for TEST_USER's, null for none. */
  session?: unknown;
  /** Other localStorage entries (the kept rows). */
  local?: Record<string, string>;
  sessionStorage?: Record<string, string>;
  entries: unknown[];
}

/** Runs `script`; resolves once the gate was settled (or after 100 ms), plus a moment for a second, wrong, settle. */
export async function runPrepaint(script: string, run: PrepaintRun) {
  const local = new Map(Object.entries(run.local ?? {}));
  const session = run.session === undefined ? { access_token: TEST_TOKEN, user: { id: TEST_USER } } : run.session;
  if (session) local.set(authTokenKey(SUPABASE_URL), JSON.stringify(session));
  const drafts = new Map(Object.entries(run.sessionStorage ?? {}));
  let settled = 0;
  const sandbox: Record<string, unknown> = {
    location: { search: run.search ?? '', pathname: run.pathname },
    localStorage: { getItem: (k: string) => local.get(k) ?? null },
    sessionStorage: { getItem: (k: string) => drafts.get(k) ?? null },
    document: { querySelector: (s: string) => run.body.querySelector(s), visibilityState: 'visible' },
    URL,
    __earlyRequests: run.entries,
    __prepaintSettle: () => settled++,
    requestAnimationFrame: (f: () => void) => setTimeout(f, 0),
    setTimeout,
  };
  sandbox.window = sandbox;
  runInNewContext(script, sandbox);
  for (let i = 0; i < 20 && settled === 0; i++) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 20));
  return { left: sandbox.__prepaintedRows as Record<string, unknown> | undefined, settled: () => settled };
}
