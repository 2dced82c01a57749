// The whole portal started for a benchmark: an in-memory local Supabase (seeded, no rate limits), the site built for it
// (cached like the e2e build) and served by the local static server, plus helpers to sign in and to launch Chromium.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startLocalSupabase, type LocalSupabase } from '../../local-supabase/index.ts';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { buildForApi } from './site-build.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchStack {
  backend: LocalSupabase;
  site: StaticServer;
  stop(): Promise<void>;
}

export async function startBenchStack(): Promise<BenchStack> {
  const backend = await startLocalSupabase({ port: 0, dataDir: null, rateLimits: false, quiet: true });
  const outDir = join(ROOT, '.bench', 'dist');
  await buildForApi({ cacheDir: join(ROOT, '.bench'), outDir, supabaseUrl: backend.url, anonKey: backend.anonKey });
  const site = await startStaticServer({ root: outDir, port: 0, host: '127.0.0.1' });
  return {
    backend,
    site,
    async stop() {
      await site.close();
      await backend.stop();
    },
  };
}

/** A password sign-in straight against GoTrue; returns the session JSON exactly as supabase-js stores it. */
export async function signInSession(apiUrl: string, anonKey: string, email: string, password: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
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
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [storageKey(apiUrl), JSON.stringify(session)] as const,
  );
  const page = await context.newPage();
  try {
    await page.goto(baseUrl + path, { waitUntil: 'commit' });
    await page.locator(selector).first().waitFor({ state: 'visible', timeout: 30_000 });
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export const median = (values: number[]) => percentile(values, 50);
