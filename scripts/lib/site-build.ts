// Building the site for a given Supabase URL and key, skipped when the folder's `_build.json` says it already is
// a build of the same sources for that backend. `astro build` writes `_headers` and `_build.json` itself.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { restRoute, sourcesHash, staleReason, stampFor, writeStamp } from '../../src/integrations/build-stamp.ts';
import { checkBakedBackend } from '../../src/integrations/deploy-files.ts';
import { writeHeaders } from '../../src/integrations/site-headers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PUBLIC_HEADERS = join(ROOT, 'public', '_headers');

export interface BuildOptions {
  outDir: string;
  supabaseUrl: string;
  /** The publishable key baked into the site. */
  publishableKey: string;
  /** Print Astro's output (default: only on failure). */
  verbose?: boolean;
}

/**
 * Builds the site into outDir unless it already holds a build of these sources for this Supabase URL and key.
 * Returns why it built (a pt-BR sentence), or null when the existing build was kept.
 */
export async function buildSite({ outDir, supabaseUrl, publishableKey, verbose = false }: BuildOptions): Promise<string | null> {
  const out = resolve(ROOT, outDir);
  // The REST route is passed to the build as well, so a value in a .env file cannot make the build differ from its stamp.
  const rest = restRoute(process.env);
  const reason = staleReason(out, stampFor(supabaseUrl, publishableKey, sourcesHash(ROOT), rest));
  if (!reason) return null;
  const astro = join(ROOT, 'node_modules', 'astro', 'astro.js');
  const output: Buffer[] = [];
  const code = await new Promise<number>((done, fail) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', out], {
      cwd: ROOT,
      env: {
        ...process.env,
        PUBLIC_SUPABASE_URL: supabaseUrl,
        PUBLIC_SUPABASE_PUBLISHABLE_KEY: publishableKey,
        // A legacy key left in the shell must not stand in for the one given here.
        PUBLIC_SUPABASE_ANON_KEY: '',
        PUBLIC_SUPABASE_REST: rest,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => output.push(d));
    child.stderr?.on('data', (d: Buffer) => output.push(d));
    child.on('error', fail);
    child.on('exit', (c) => done(c ?? 1));
  });
  if (code !== 0) {
    throw new Error(`astro build falhou (código ${code})\n${Buffer.concat(output).toString('utf8').slice(-6000)}`);
  }
  return reason;
}

/** Stand-ins baked into the test template build, replaced by the real test API URL and key per run. */
/** Where the e2e suite keeps its builds (templates and each run's copy). */
export const E2E_CACHE_DIR = join(ROOT, '.e2e');

export const PLACEHOLDER_URL = 'http://e2e-supabase-api.invalid';
export const PLACEHOLDER_KEY = 'e2e-supabase-publishable-key-placeholder';

function copyWithSubstitution(from: string, to: string, replace: (text: string) => string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    if (statSync(src).isDirectory()) copyWithSubstitution(src, dst, replace);
    else if (/\.(js|mjs|html)$/.test(name) || name === '_redirects') writeFileSync(dst, replace(readFileSync(src, 'utf8')));
    else writeFileSync(dst, readFileSync(src));
  }
}

/**
 * The backend-independent build of the current sources in `cacheDir` (built now unless a fresh one is there), made
 * for the placeholder URL and key that buildForApi substitutes. Whether it had to be built, and its folder.
 */
export async function ensureTemplate(cacheDir: string): Promise<{ built: boolean; template: string; sources: string }> {
  const sources = sourcesHash(ROOT);
  const template = join(cacheDir, `template-${sources.slice(0, 16)}`);
  let built = false;
  const rest = restRoute(process.env);
  if (staleReason(template, stampFor(PLACEHOLDER_URL, PLACEHOLDER_KEY, sources, rest))) {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = join(cacheDir, `building-${process.pid}-${Date.now()}`);
    try {
      await buildSite({ outDir: tmp, supabaseUrl: PLACEHOLDER_URL, publishableKey: PLACEHOLDER_KEY });
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      throw err;
    }
    rmSync(template, { recursive: true, force: true });
    try {
      renameSync(tmp, template);
    } catch {
      // another run finished the same build first: keep theirs
      rmSync(tmp, { recursive: true, force: true });
    }
    built = true;
    removeStaleBuilds(cacheDir, template);
  }
  return { built, template, sources };
}

/**
 * The test build (e2e, benchmarks): the site is built once per source hash with placeholder API values (into
 * `<cacheDir>/template-<hash>`, renamed into place when complete, so concurrent runs never see half a build), then
 * each run gets its own copy with the real URL and key of its backend (also in the REST proxy rule of `_redirects`),
 * its own `_headers` (CSP for that URL, hashes of the substituted pages) and its own `_build.json`, checked like any
 * build. Returns whether it built the template.
 */
export async function buildForApi(opts: { cacheDir: string; outDir: string; supabaseUrl: string; publishableKey: string }): Promise<boolean> {
  const { built, template, sources } = await ensureTemplate(opts.cacheDir);
  const rest = restRoute(process.env);
  rmSync(opts.outDir, { recursive: true, force: true });
  copyWithSubstitution(template, opts.outDir, (text) =>
    text.replaceAll(PLACEHOLDER_URL, opts.supabaseUrl).replaceAll(PLACEHOLDER_KEY, opts.publishableKey),
  );
  checkBakedBackend(opts.outDir, opts.supabaseUrl);
  writeHeaders(opts.outDir, opts.supabaseUrl, PUBLIC_HEADERS);
  writeStamp(opts.outDir, stampFor(opts.supabaseUrl, opts.publishableKey, sources, rest));
  return built;
}

/** Other templates go; another run's half-built folder may still be in use, so only ones older than 15 minutes. */
function removeStaleBuilds(cacheDir: string, keep: string): void {
  for (const name of readdirSync(cacheDir)) {
    const full = join(cacheDir, name);
    if (full === keep || !existsSync(full)) continue;
    if (name.startsWith('template-')) rmSync(full, { recursive: true, force: true });
    else if (name.startsWith('building-') && !name.startsWith(`building-${process.pid}-`) && Date.now() - statSync(full).mtimeMs > 15 * 60_000) {
      rmSync(full, { recursive: true, force: true });
    }
  }
}
