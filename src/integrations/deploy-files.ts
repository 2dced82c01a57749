// Astro integration: `astro build` alone produces a deployable folder. From the same environment Vite bakes into the
// JavaScript (PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_PUBLISHABLE_KEY — or the legacy PUBLIC_SUPABASE_ANON_KEY —, read
// from the shell or .env files) it writes, once the
// pages are final:
//  - `_redirects`: public/_redirects headed by the rule that proxies `/rest/v1/*` to that Supabase (unless
//    PUBLIC_SUPABASE_REST=direct), since the pages send their REST calls to the site's own origin;
//  - `_headers`: public/_headers plus a Content-Security-Policy whose connect-src names exactly that Supabase;
//  - `_build.json`: the stamp `npm start` and the test build cache compare before reusing the folder.
// A URL without a key, a missing key, a URL that is not http(s), a secret (or service_role) key in place of the
// publishable key or an
// unknown PUBLIC_SUPABASE_REST stops the build before anything is written.
// It must run after any integration that rewrites the HTML (the CSP hashes the final inline scripts).
// Under `astro dev` it writes nothing and adds the devRestProxy Vite plugin instead: the dev server itself forwards
// `/rest/v1/*` to the env's Supabase, as the host's `_redirects` rule does for a build.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
  DEFAULT_SUPABASE_URL,
  normalizeUrl,
  restRoute,
  sourcesHash,
  stampFor,
  writeStamp,
  type RestRoute,
} from './build-stamp.ts';
import { devRestProxy } from './dev-rest-proxy.ts';
import { writeHeaders } from './site-headers.ts';

export interface BuildBackend {
  supabaseUrl: string;
  /** The publishable key, or the legacy anon key when only that is given. */
  publishableKey: string;
  rest: RestRoute;
}

/** The `_redirects` rule that forwards the site's `/rest/v1/*` to the project's REST API, keeping the query string. */
export function restProxyRule(supabaseUrl: string): string {
  return `/rest/v1/*  ${normalizeUrl(supabaseUrl)}/rest/v1/:splat  200!`;
}

/** Puts the REST proxy rule at the head of dist/_redirects (the first matching rule wins), once. */
export function writeRestProxyRule(distDir: string, supabaseUrl: string): void {
  const file = join(distDir, '_redirects');
  const current = readFileSync(file, 'utf8');
  const rule = restProxyRule(supabaseUrl);
  if (current.split(/\r?\n/).includes(rule)) return;
  const head =
    '# Written by the build: the pages send REST calls to the site itself, and the host forwards them to the Supabase\n' +
    '# the build was made for (status 200 to another origin = proxy). Same-origin calls need no CORS preflight.\n';
  writeFileSync(file, `${head}${rule}\n\n${current}`);
}

/** True for a key that bypasses row-level security: a JWT with role service_role, or a `sb_secret_` key. */
export function isSecretKey(key: string): boolean {
  if (key.startsWith('sb_secret_')) return true;
  const payload = key.split('.')[1];
  if (!payload) return false;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))?.role === 'service_role';
  } catch {
    return false;
  }
}

/** The Supabase a build is made for, from its environment; throws a pt-BR explanation when it cannot work. */
export function buildBackend(env: Record<string, string | undefined>): BuildBackend {
  const url = env.PUBLIC_SUPABASE_URL || '';
  const variable = env.PUBLIC_SUPABASE_PUBLISHABLE_KEY ? 'PUBLIC_SUPABASE_PUBLISHABLE_KEY' : 'PUBLIC_SUPABASE_ANON_KEY';
  const publishableKey = env.PUBLIC_SUPABASE_PUBLISHABLE_KEY || env.PUBLIC_SUPABASE_ANON_KEY || '';
  if (url && !publishableKey) {
    throw new Error(
      `PUBLIC_SUPABASE_URL está definido (${url}) mas PUBLIC_SUPABASE_PUBLISHABLE_KEY não: o site construído não ` +
        'conseguiria falar com o Supabase. Defina as duas variáveis no mesmo comando (a publishable key, sb_publishable_…, ' +
        'está em Project Settings → API Keys).',
    );
  }
  if (!publishableKey) {
    throw new Error(
      'PUBLIC_SUPABASE_URL e PUBLIC_SUPABASE_PUBLISHABLE_KEY não estão definidos: o build precisa saber com qual Supabase ' +
        'o site vai falar. Defina as duas variáveis, ou use `npm start`, que constrói o site para o Supabase local.',
    );
  }
  if (isSecretKey(publishableKey)) {
    const which = publishableKey.startsWith('sb_secret_') ? 'uma secret key (sb_secret_…)' : 'a service_role key';
    throw new Error(
      `${variable} contém ${which}: ela ignora a RLS e iria para o JavaScript público do site. ` +
        'Use a publishable key (sb_publishable_…, em Project Settings → API Keys).',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url || DEFAULT_SUPABASE_URL);
  } catch {
    throw new Error(`PUBLIC_SUPABASE_URL não é uma URL válida: "${url}" (exemplo: https://<projeto>.supabase.co).`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`PUBLIC_SUPABASE_URL deve começar com https:// (ou http:// para um Supabase local): "${url}".`);
  }
  return { supabaseUrl: normalizeUrl(url || DEFAULT_SUPABASE_URL), publishableKey, rest: restRoute(env) };
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return codeFiles(full);
    return /\.(html|js|mjs)$/.test(name) ? [full] : [];
  });
}

/**
 * Checks the built code against the backend the headers are written for: its URL is in the JavaScript and, for any
 * other backend, the local default appears nowhere (a page still calling it would be blocked by the CSP).
 */
export function checkBakedBackend(distDir: string, supabaseUrl: string): void {
  const files = codeFiles(distDir).map((f) => ({ f, text: readFileSync(f, 'utf8') }));
  if (!files.some(({ f, text }) => f.endsWith('.js') && text.includes(supabaseUrl))) {
    throw new Error(`o JavaScript do build não contém ${supabaseUrl}: o CSP não corresponderia ao site`);
  }
  const local = new URL(DEFAULT_SUPABASE_URL).host;
  if (new URL(supabaseUrl).host === local) return;
  const leftover = files.find(({ text }) => text.includes(local));
  if (leftover) throw new Error(`${leftover.f.slice(distDir.length)} ainda chama ${local}, mas o build é para ${supabaseUrl}`);
}

export default function deployFiles(): AstroIntegration {
  let backend: BuildBackend | null = null;
  let root = '';
  let publicDir = '';
  let sources = '';
  return {
    name: 'portal-ia:deploy-files',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'dev') {
          updateConfig({ vite: { plugins: [devRestProxy()] } });
          return;
        }
        if (command !== 'build') return;
        updateConfig({
          vite: {
            // Vite's resolved env is what import.meta.env.PUBLIC_* are replaced with in the bundle.
            plugins: [{ name: 'portal-ia:build-backend', configResolved: (vite) => void (backend = buildBackend(vite.env)) }],
          },
        });
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        publicDir = fileURLToPath(config.publicDir);
      },
      'astro:build:start': () => {
        sources = sourcesHash(root);
      },
      'astro:build:done': ({ dir, logger }) => {
        if (!backend) throw new Error('portal-ia:deploy-files: o ambiente do build não foi lido');
        const distDir = fileURLToPath(dir);
        if (!existsSync(join(distDir, '_redirects'))) throw new Error(`_redirects não está em ${distDir} (falta public/_redirects?)`);
        checkBakedBackend(distDir, backend.supabaseUrl);
        if (backend.rest === 'site') writeRestProxyRule(distDir, backend.supabaseUrl);
        writeHeaders(distDir, backend.supabaseUrl, join(publicDir, '_headers'));
        writeStamp(distDir, stampFor(backend.supabaseUrl, backend.publishableKey, sources, backend.rest));
        const rest = backend.rest === 'site' ? '_redirects: /rest/v1/* pela origem do site; ' : '';
        logger.info(`${rest}_headers: Content-Security-Policy para ${new URL(backend.supabaseUrl).origin}; _build.json gravado`);
      },
    },
  };
}
