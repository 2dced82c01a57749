// Playwright global setup: an in-memory local Supabase on a free port (seeded, no rate limits, pinned JWT secret),
// the site built for it and served on a free port by scripts/serve.ts's handler. The build is cached as a template per
// hash of src/, public/ and configs; each run gets a copy made for its own backend, with that URL and key, its own
// _headers and _build.json (see buildForApi), so no run is served a build made for another backend. Returns the teardown.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startLocalSupabase, type LocalSupabase } from '../../local-supabase/index.ts';
import { buildForApi, E2E_CACHE_DIR } from '../../scripts/lib/site-build.ts';
import { createStaticHandler } from '../../scripts/lib/static-server.ts';

/** Pinned so the publishable key, and so the cached build, stay the same from run to run. */
export const E2E_JWT_SECRET = 'portal-ia-e2e-jwt-secret-not-for-production-0001';

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

/** Copies left behind by runs that were killed before their teardown (older than 3 hours). */
function removeAbandonedRuns(dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (/^run-\d+$/.test(name) && Date.now() - statSync(full).mtimeMs > 3 * 3600_000) rmSync(full, { recursive: true, force: true });
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  removeAbandonedRuns(join(E2E_CACHE_DIR, 'dist'));
  let handler: RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end('site sendo construído');
  };
  const site = createServer((req, res) => handler(req, res));
  const sitePort = await listen(site, 0);
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  // This run's own copy of the site (concurrent runs each have one), removed at teardown.
  const outDir = join(E2E_CACHE_DIR, 'dist', `run-${sitePort}`);

  let backend: LocalSupabase | null = null;
  try {
    backend = await startLocalSupabase({
      port: 0,
      host: '127.0.0.1',
      dataDir: null,
      rateLimits: false,
      jwtSecret: E2E_JWT_SECRET,
      // An account per test: new passwords hashed at bcrypt's minimum cost (the demo accounts keep theirs).
      passwordHashCost: 'quick',
      siteUrl,
      // Functions run only when a test calls them: a schedule firing mid-test would make mail counts depend on timing.
      schedulesFile: null,
      quiet: true,
    });
    const built = await buildForApi({ cacheDir: E2E_CACHE_DIR, outDir, supabaseUrl: backend.url, publishableKey: backend.publishableKey });
    handler = createStaticHandler(outDir);

    Object.assign(process.env, {
      E2E_BASE_URL: siteUrl,
      E2E_API_URL: backend.url,
      E2E_PUBLISHABLE_KEY: backend.publishableKey,
      E2E_SECRET_KEY: backend.secretKey,
      E2E_INBOX_URL: backend.inboxUrl,
      E2E_DIST_DIR: outDir,
    });
    console.log(
      `[e2e] site ${siteUrl} (${built ? 'construído' : 'build em cache'}), API ${backend.url}, pronto em ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    await backend?.stop().catch(() => {});
    site.closeAllConnections();
    site.close();
    rmSync(outDir, { recursive: true, force: true });
    throw err;
  }

  const stopBackend = backend;
  return async () => {
    site.closeAllConnections();
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await stopBackend.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}
