// The whole portal started for a benchmark: an in-memory local Supabase (seeded, no rate limits), the site built for it
// (cached like the e2e build) and served by the local static server, plus helpers to sign in and to launch Chromium.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startLocalSupabase, type LocalSupabase } from '../../local-supabase/index.ts';
import type { RowMarker } from './bench-plan.ts';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { buildForApi } from './site-build.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export { median, percentile } from './bench-figures.ts';

export interface BenchStack {
  backend: LocalSupabase;
  site: StaticServer;
  /** The folder the site is served from. */
  root: string;
  stop(): Promise<void>;
}

export async function startBenchStack(): Promise<BenchStack> {
  const backend = await startLocalSupabase({ port: 0, dataDir: null, rateLimits: false, quiet: true });
  const outDir = join(ROOT, '.bench', 'dist');
  await buildForApi({ cacheDir: join(ROOT, '.bench'), outDir, supabaseUrl: backend.url, publishableKey: backend.publishableKey });
  const site = await startStaticServer({ root: outDir, port: 0, host: '127.0.0.1' });
  return {
    backend,
    site,
    root: outDir,
    async stop() {
      await site.close();
      await backend.stop();
    },
  };
}

/** A password sign-in straight against GoTrue; returns the session JSON exactly as supabase-js stores it. */
export async function signInSession(apiUrl: string, publishableKey: string, email: string, password: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login de ${email} falhou: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** supabase-js's localStorage key for a project URL (sb-<first label of the host>-auth-token). */
export function storageKey(apiUrl: string): string {
  return `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/** A fresh browser context (cold cache, 1280×800) whose pages start with `session` stored, as after a login. */
async function signedInContext(browser: Browser, apiUrl: string, session: Record<string, unknown>): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [storageKey(apiUrl), JSON.stringify(session)] as const,
  );
  return context;
}

/**
 * Milliseconds from navigation start until `selector` is visible on `path`, signed in with `session`.
 * Read from the page's own clock (performance.now), so the figure is what a user would wait.
 */
export async function timeToVisible(
  browser: Browser,
  baseUrl: string,
  apiUrl: string,
  session: Record<string, unknown>,
  path: string,
  selector: string,
): Promise<number> {
  const context = await signedInContext(browser, apiUrl, session);
  const page = await context.newPage();
  try {
    await page.goto(baseUrl + path, { waitUntil: 'commit' });
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page from its start: checks every animation frame whether the marker matches a visible element and
 * stores the page clock's time of the first frame that has one in `window.__firstRowsAt`. Kept as source text
 * because functions handed to the browser would carry the helpers this script's compiler adds.
 */
const ROWS_PROBE = `({ css, text }) => {
  const shown = () => Array.from(document.querySelectorAll(css)).some((el) =>
    (!text || (el.textContent || '').includes(text)) &&
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    el.getBoundingClientRect().height > 0);
  const tick = () => {
    if (shown()) window.__firstRowsAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}`;

/**
 * Milliseconds from navigation start to the first animation frame in which `marker` matches a visible element,
 * on a first visit (cold cache) and on a second visit right after it in the same context (warm cache, whatever
 * the first visit stored). Checked in the page itself every frame, so the figure does not include the round trips
 * of the test driver. NaN for a visit where the marker never shows within 30 s.
 */
export async function firstRowsTimes(
  browser: Browser,
  url: string,
  apiUrl: string,
  session: Record<string, unknown>,
  marker: RowMarker,
): Promise<{ firstVisit: number; secondVisit: number }> {
  const context = await signedInContext(browser, apiUrl, session);
  await context.addInitScript({ content: `(${ROWS_PROBE})(${JSON.stringify(marker)});` });
  const page = await context.newPage();
  const visit = async () => {
    await page.goto(url, { waitUntil: 'commit' });
    try {
      const handle = await page.waitForFunction(() => (window as unknown as { __firstRowsAt?: number }).__firstRowsAt, null, {
        timeout: 30_000,
      });
      return Number(await handle.jsonValue());
    } catch {
      return NaN;
    }
  };
  try {
    const firstVisit = await visit();
    const secondVisit = await visit();
    return { firstVisit, secondVisit };
  } finally {
    await context.close();
  }
}

/** The first row of a PostgREST query (`table?query`) as the signed-in user of `session` sees it, or null. */
export async function firstRow<T>(
  apiUrl: string,
  publishableKey: string,
  session: Record<string, unknown>,
  tableAndQuery: string,
): Promise<T | null> {
  const res = await fetch(`${apiUrl}/rest/v1/${tableAndQuery}`, {
    headers: { apikey: publishableKey, authorization: `Bearer ${String(session.access_token)}` },
  });
  if (!res.ok) throw new Error(`consulta ${tableAndQuery} falhou: ${res.status} ${await res.text()}`);
  const rows = (await res.json()) as T[];
  return rows[0] ?? null;
}
