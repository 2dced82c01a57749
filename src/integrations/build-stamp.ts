// What a built site was made for, recorded inside it (`_build.json`) so it travels with the folder (a copy, a kept
// previous build): the Supabase URL and a hash of the API key (publishable, or the legacy anon key) baked into its JavaScript, where its REST calls go (the
// site's own origin or the project directly) and a hash of the sources. A build is served again only when all of them
// match; anything else is rebuilt, never served for another backend.
// The file holds nothing the bundle does not already make public (the URL is in the JavaScript; the key only hashed).
// PUBLIC_SUPABASE_REST is read here (restRoute), so the build, its stamp and the dev server agree on the REST route.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const STAMP_FILE = '_build.json';
/** The local Supabase the site's code falls back to when PUBLIC_SUPABASE_URL is not set. */
export const DEFAULT_SUPABASE_URL = 'http://127.0.0.1:54321';

/** Where a build's pages send REST calls: through the site's own origin (proxied by the host) or to Supabase. */
export type RestRoute = 'site' | 'direct';

/** Where the pages send REST calls, from PUBLIC_SUPABASE_REST: `site` (also when unset) or `direct`. */
export function restRoute(env: Record<string, string | undefined>): RestRoute {
  const value = (env.PUBLIC_SUPABASE_REST ?? '').trim();
  if (value === '' || value === 'site') return 'site';
  if (value === 'direct') return 'direct';
  throw new Error(
    `PUBLIC_SUPABASE_REST deve ser "site" (padrão: o REST passa pela origem do site) ou "direct" (o navegador chama o ` +
      `Supabase diretamente): "${value}".`,
  );
}

export interface BuildStamp {
  supabaseUrl: string;
  keySha256: string;
  rest: RestRoute;
  sources: string;
}

/** Everything the build reads besides the environment: sources, public files and configuration. */
const INPUT_DIRS = ['src', 'public'];
const INPUT_FILES = ['astro.config.mjs', 'tailwind.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'];

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
}

/** A hash of the files the build reads, by path and content. */
export function sourcesHash(root: string): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const d of INPUT_DIRS) walk(join(root, d), files);
  for (const f of INPUT_FILES) if (existsSync(join(root, f))) files.push(join(root, f));
  for (const f of files) hash.update(`${relative(root, f)}\0`).update(readFileSync(f)).update('\0');
  return hash.digest('hex');
}

/** The same project written with or without trailing slashes is the same backend. */
export const normalizeUrl = (url: string) => url.replace(/\/+$/, '');

export function stampFor(supabaseUrl: string, apiKey: string, sources: string, rest: RestRoute = 'site'): BuildStamp {
  return {
    supabaseUrl: normalizeUrl(supabaseUrl),
    keySha256: createHash('sha256').update(apiKey).digest('hex'),
    rest,
    sources,
  };
}

export function readStamp(outDir: string): BuildStamp | null {
  try {
    const raw = JSON.parse(readFileSync(join(outDir, STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    if (typeof raw.supabaseUrl !== 'string' || typeof raw.keySha256 !== 'string' || typeof raw.sources !== 'string') return null;
    if (raw.rest !== 'site' && raw.rest !== 'direct') return null;
    return { supabaseUrl: raw.supabaseUrl, keySha256: raw.keySha256, rest: raw.rest, sources: raw.sources };
  } catch {
    return null;
  }
}

export function writeStamp(outDir: string, stamp: BuildStamp): void {
  writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
}

/**
 * Why the build in outDir must not be served for `want` (a pt-BR sentence for the console), or null when it is a
 * complete build of the same sources for the same Supabase URL and key. The stamp is written last, after the pages,
 * `_headers` and `_redirects`, so its presence also means the build finished.
 */
export function staleReason(outDir: string, want: BuildStamp): string | null {
  const have = readStamp(outDir);
  if (!have || !existsSync(join(outDir, 'index.html')) || !existsSync(join(outDir, '_headers'))) {
    return 'não há um build completo';
  }
  if (have.supabaseUrl !== want.supabaseUrl) return `o build existente é para o Supabase em ${have.supabaseUrl}`;
  if (have.keySha256 !== want.keySha256) return 'o build existente usa outra chave do Supabase';
  if (have.rest !== want.rest) {
    return have.rest === 'direct'
      ? 'o build existente chama o REST do Supabase diretamente (PUBLIC_SUPABASE_REST=direct)'
      : 'o build existente chama o REST pela origem do site';
  }
  if (have.sources !== want.sources) return 'o código mudou desde o último build';
  return null;
}
