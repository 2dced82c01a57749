// The deploy as README describes it, end to end: README's build command, parsed from its 'Deploy' section and run as
// written (in a copy of the project, so this checkout's dist/ is left alone), for a Supabase at another host and port
// than the local default (a local Supabase on 127.0.0.2, standing in for a hosted project). The result is served by
// the production static server and used in Chromium: sign in as the demo client and open /projects under its CSP, with
// sign-in going to Supabase and REST calls to the site itself, which the `_redirects` rule forwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startLocalSupabase, type LocalSupabase } from '../../local-supabase/index';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/chromium';
import { headersFor, parseHeaders, parseRedirects } from '../../scripts/lib/host-rules';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What `npm run build` reads; node_modules' packages are linked, not copied. */
const PROJECT_FILES = ['src', 'public', 'astro.config.mjs', 'tailwind.config.mjs', 'tsconfig.json', 'package.json'];

/** The first shell block of README's '## Deploy' section, continuation lines joined as the shell reads them. */
export function readmeDeployCommand(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Deploy\n'));
  const block = section && /^\s*```bash\n([\s\S]*?)^\s*```/m.exec(section);
  if (!block) throw new Error("README: a seção 'Deploy' não tem um bloco ```bash");
  return block[1]
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\s*\\\n/g, ' ')
    .trim();
}

/** Runs a shell command line in dir, with the environment minus any Supabase variable the command must set itself. */
function sh(command: string, dir: string): { code: number; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  for (const name of Object.keys(env)) if (name.startsWith('PUBLIC_SUPABASE') || name.startsWith('SUPABASE_')) delete env[name];
  const run = spawnSync('sh', ['-c', command], { cwd: dir, env, encoding: 'utf8', timeout: 8 * 60_000 });
  return { code: run.status ?? 1, output: `${run.stdout}${run.stderr}` };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

let backend: LocalSupabase;
let project: string;
let dist: string;
let command: string;
let build: { code: number; output: string };

beforeAll(async () => {
  backend = await startLocalSupabase({ port: 0, host: '127.0.0.2', dataDir: null, rateLimits: false, quiet: true });
  project = mkdtempSync(join(tmpdir(), 'portal-ia-deploy-'));
  for (const f of PROJECT_FILES) cpSync(join(ROOT, f), join(project, f), { recursive: true });
  // Packages linked one by one: the copy's build caches (node_modules/.astro, .vite) stay in the copy.
  mkdirSync(join(project, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === '.bin' || !name.startsWith('.')) symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name));
  }
  dist = join(project, 'dist');
  const written = readmeDeployCommand(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  // README's placeholders, filled with this backend; everything else runs exactly as written.
  command = written.replace('https://<projeto>.supabase.co', backend.url).replace('<publishable key do projeto>', backend.publishableKey);
  build = sh(command, project);
}, 10 * 60_000);

afterAll(async () => {
  await backend?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('deploy como o README descreve', () => {
  it('o comando de build do README, como escrito, gera dist/ com _headers e _redirects para o Supabase que ele nomeia', () => {
    expect(command).toMatch(/^PUBLIC_SUPABASE_URL=\S+ PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_\S+ npm run build$/);
    expect(command).not.toMatch(/[<>]/);
    expect(build.code, build.output.slice(-3000)).toBe(0);

    const rules = parseHeaders(readFileSync(join(dist, '_headers'), 'utf8'));
    const csp = headersFor(rules, '/projects/').get('content-security-policy') ?? '';
    const connect = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'));
    const host = new URL(backend.url).host;
    expect(backend.url).not.toContain('127.0.0.1');
    expect(connect).toBe(`connect-src 'self' ${backend.url} ws://${host}`);
    const redirects = readFileSync(join(dist, '_redirects'), 'utf8');
    expect(redirects.endsWith(readFileSync(join(ROOT, 'public', '_redirects'), 'utf8'))).toBe(true);
    expect(parseRedirects(redirects)[0]).toMatchObject({ from: '/rest/v1/*', to: `${backend.url}/rest/v1/:splat`, status: 200, force: true });
    expect(JSON.parse(readFileSync(join(dist, '_build.json'), 'utf8')).supabaseUrl).toBe(backend.url);

    const leftovers = filesUnder(dist).filter((f) => readFileSync(f, 'latin1').includes('127.0.0.1:54321'));
    expect(leftovers).toEqual([]);
  });

  it('uma URL sem publishable key interrompe o build com a explicação e não toca no dist/ existente', () => {
    const before = readFileSync(join(dist, '_build.json'), 'utf8');
    const failed = sh('PUBLIC_SUPABASE_URL=https://abcdefgh.supabase.co npm run build', project);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain('PUBLIC_SUPABASE_URL está definido (https://abcdefgh.supabase.co) mas PUBLIC_SUPABASE_PUBLISHABLE_KEY não');
    expect(readFileSync(join(dist, '_build.json'), 'utf8')).toBe(before);
    expect(readFileSync(join(dist, '_headers'), 'utf8')).toContain(backend.url);
  }, 120_000);

  it('a secret key no lugar da publishable key interrompe o build com a explicação e não toca no dist/ existente', () => {
    const before = readFileSync(join(dist, '_build.json'), 'utf8');
    const failed = sh(`PUBLIC_SUPABASE_URL=${backend.url} PUBLIC_SUPABASE_PUBLISHABLE_KEY=${backend.secretKey} npm run build`, project);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain('PUBLIC_SUPABASE_PUBLISHABLE_KEY contém uma secret key (sb_secret_…): ela ignora a RLS');
    expect(failed.output).not.toContain(backend.secretKey.slice(12));
    expect(readFileSync(join(dist, '_build.json'), 'utf8')).toBe(before);
  }, 120_000);

  it('servido pelo servidor estático de produção, o cliente de demonstração entra e vê /projects sem violação de CSP', async () => {
    let site: StaticServer | null = null;
    let browser: Browser | null = null;
    try {
      site = await startStaticServer({ root: dist, port: 0, host: '127.0.0.1' });
      browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
      const context = await browser.newContext({ baseURL: site.url, locale: 'pt-BR' });
      const violations: string[] = [];
      await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
      });
      const apiCalls: string[] = [];
      const siteRestCalls: string[] = [];
      page.on('requestfinished', (req) => {
        if (req.url().startsWith(backend.url)) apiCalls.push(new URL(req.url()).pathname);
        if (req.url().startsWith(`${site!.url}/rest/v1/`)) siteRestCalls.push(new URL(req.url()).pathname);
      });

      const served = await fetch(`${site.url}/login`);
      expect(served.headers.get('content-security-policy')).toContain(`connect-src 'self' ${backend.url}`);

      await page.goto('/login');
      await page.getByLabel('E-mail').fill('cliente@exemplo.com.br');
      await page.getByLabel('Senha').fill('cliente123');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL(/\/dashboard\/?$/, { timeout: 30_000 });
      await page.goto('/projects');
      await page.getByText('Chatbot de Atendimento no WhatsApp').waitFor({ timeout: 30_000 });

      expect(apiCalls).toContain('/auth/v1/token');
      expect(apiCalls.filter((p) => p.startsWith('/rest/'))).toEqual([]);
      expect(siteRestCalls).toContain('/rest/v1/projects');
      expect(violations).toEqual([]);
    } finally {
      await browser?.close();
      await site?.close();
    }
  }, 180_000);
});
