// Building the site for a given Supabase URL and key, skipped when a stamp says the output is current.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { writeHeaders } from '../build-headers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const INPUT_DIRS = ['src', 'public'];
const INPUT_FILES = [
  'astro.config.mjs',
  'tailwind.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-headers.ts',
  'scripts/lib/site-build.ts',
];

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/** A hash of everything the build reads (sources, public files, configs) plus the API it is built for. */
export function buildKey(supabaseUrl: string, anonKey: string): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const d of INPUT_DIRS) walk(join(ROOT, d), files);
  for (const f of INPUT_FILES) if (existsSync(join(ROOT, f))) files.push(join(ROOT, f));
  for (const f of files) {
    hash.update(relative(ROOT, f));
    hash.update('\0');
    hash.update(readFileSync(f));
    hash.update('\0');
  }
  hash.update(`${supabaseUrl}\0${anonKey}`);
  return hash.digest('hex');
}

const STAMP_DIR = join(ROOT, 'node_modules', '.cache', 'portal-ia-build');

/** Where the key of the build in outDir is kept (outside outDir, so it is never deployed). */
function stampFile(outDir: string): string {
  const id = createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 16);
  return join(STAMP_DIR, `${id}.stamp`);
}

/** True when outDir holds a complete build for this key. */
export function isCurrent(outDir: string, key: string): boolean {
  const stamp = stampFile(outDir);
  return existsSync(join(outDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === key;
}

export interface BuildOptions {
  outDir: string;
  supabaseUrl: string;
  anonKey: string;
  /** Print Astro's output (default: only on failure). */
  verbose?: boolean;
}

/** Builds the site (astro build + _headers with the CSP) unless outDir is already current. Returns whether it built. */
export async function buildSite({ outDir, supabaseUrl, anonKey, verbose = false }: BuildOptions): Promise<boolean> {
  const key = buildKey(supabaseUrl, anonKey);
  const out = resolve(ROOT, outDir);
  if (isCurrent(out, key)) return false;
  // A half-written build must never look current: forget the old stamp first.
  mkdirSync(STAMP_DIR, { recursive: true });
  writeFileSync(stampFile(out), '');
  const astro = join(ROOT, 'node_modules', 'astro', 'astro.js');
  const output: Buffer[] = [];
  const code = await new Promise<number>((done, fail) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', out], {
      cwd: ROOT,
      env: { ...process.env, PUBLIC_SUPABASE_URL: supabaseUrl, PUBLIC_SUPABASE_ANON_KEY: anonKey, ASTRO_TELEMETRY_DISABLED: '1' },
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
  writeHeaders(out, supabaseUrl, join(ROOT, 'public', '_headers'));
  mkdirSync(STAMP_DIR, { recursive: true });
  writeFileSync(stampFile(out), key);
  return true;
}

/** Stand-ins baked into the e2e template build, replaced by the real test API URL and key per run. */
export const PLACEHOLDER_URL = 'http://e2e-supabase-api.invalid';
export const PLACEHOLDER_KEY = 'e2e-supabase-anon-key-placeholder';

function copyWithSubstitution(from: string, to: string, replace: (text: string) => string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    if (statSync(src).isDirectory()) copyWithSubstitution(src, dst, replace);
    else if (/\.(js|mjs|html)$/.test(name)) writeFileSync(dst, replace(readFileSync(src, 'utf8')));
    else writeFileSync(dst, readFileSync(src));
  }
}

/**
 * The e2e build: the site is built once per source hash with placeholder API values (into `.e2e/template-<hash>`,
 * renamed into place when complete, so concurrent runs never see half a build), then each run gets its own copy
 * with the real URL and key of its backend and a _headers whose CSP allows that URL. Returns whether it built.
 */
export async function buildForApi(opts: { cacheDir: string; outDir: string; supabaseUrl: string; anonKey: string }): Promise<boolean> {
  const key = buildKey(PLACEHOLDER_URL, PLACEHOLDER_KEY).slice(0, 16);
  const template = join(opts.cacheDir, `template-${key}`);
  let built = false;
  if (!existsSync(join(template, 'index.html'))) {
    const tmp = join(opts.cacheDir, `building-${process.pid}-${Date.now()}`);
    try {
      await buildSite({ outDir: tmp, supabaseUrl: PLACEHOLDER_URL, anonKey: PLACEHOLDER_KEY });
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      throw err;
    } finally {
      rmSync(stampFile(tmp), { force: true });
    }
    try {
      renameSync(tmp, template);
    } catch {
      // another run finished the same build first: keep theirs
      rmSync(tmp, { recursive: true, force: true });
    }
    built = true;
    for (const name of readdirSync(opts.cacheDir)) {
      const stale = (name.startsWith('template-') && name !== `template-${key}`) || (name.startsWith('building-') && !name.startsWith(`building-${process.pid}-`));
      // another run's half-built folder may still be in use: only ones older than 15 minutes go
      if (stale && (name.startsWith('template-') || Date.now() - statSync(join(opts.cacheDir, name)).mtimeMs > 15 * 60_000)) {
        rmSync(join(opts.cacheDir, name), { recursive: true, force: true });
      }
    }
  }
  rmSync(opts.outDir, { recursive: true, force: true });
  copyWithSubstitution(template, opts.outDir, (text) =>
    text.replaceAll(PLACEHOLDER_URL, opts.supabaseUrl).replaceAll(PLACEHOLDER_KEY, opts.anonKey),
  );
  writeHeaders(opts.outDir, opts.supabaseUrl, join(ROOT, 'public', '_headers'));
  return built;
}
