import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCsp, inlineHashes, supabaseOrigins, writeHeaders } from '../../src/integrations/site-headers';
import { buildBackend, checkBakedBackend, writeRestProxyRule } from '../../src/integrations/deploy-files';
import { parseRedirects } from '../../scripts/lib/host-rules';
import { parseHeaders, headersFor } from '../../scripts/lib/host-rules';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-headers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(path: string, content: string) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

const csp = (supabaseUrl: string) => buildCsp({ supabaseUrl, scripts: ["'sha256-x'"], styles: [], styleAttributes: false, runtimeStyles: false });

describe('CSP gerada no build', () => {
  it('tem o hash de cada script inline e ignora scripts externos e JSON', () => {
    const { scripts } = inlineHashes([
      '<script>alert(1)</script><script src="/a.js"></script><script type="application/json">{}</script><script type="module">x()</script>',
    ]);
    expect(scripts).toHaveLength(2);
    expect(scripts.every((s) => s.startsWith("'sha256-"))).toBe(true);
  });

  it('libera só o Supabase do build (HTTP e o WebSocket do Realtime no mesmo host), sem unsafe-eval', () => {
    const policy = csp('https://abc.supabase.co/');
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co;");
    expect(policy).toContain("script-src 'self' 'sha256-x'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('um Supabase em http com porta recebe ws:// na mesma porta', () => {
    expect(supabaseOrigins('http://127.0.0.2:6543/rest/v1')).toEqual(['http://127.0.0.2:6543', 'ws://127.0.0.2:6543']);
  });

  it('grava _headers com as regras de public/_headers e a CSP que o servidor aplica a toda página', () => {
    file('index.html', '<!doctype html><script>boot()</script><p>oi</p>');
    file('projects/_/index.html', '<astro-island></astro-island>');
    writeFileSync(join(dir, 'base_headers'), '/*\n  X-Frame-Options: DENY\n');
    writeHeaders(dir, 'https://abc.supabase.co', join(dir, 'base_headers'));
    const headers = headersFor(parseHeaders(readFileSync(join(dir, '_headers'), 'utf8')), '/projects/123');
    expect(headers.get('x-frame-options')).toBe('DENY');
    const policy = headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co;");
    expect(policy).toContain(inlineHashes(['<script>boot()</script>']).scripts[0]);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
  });
});

describe('o Supabase para o qual o build é feito', () => {
  it('usa a URL e a publishable key do ambiente, sem a barra final', () => {
    expect(buildBackend({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/', PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_k' })).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      publishableKey: 'sb_publishable_k',
      rest: 'site',
    });
  });

  it('a anon key legada (PUBLIC_SUPABASE_ANON_KEY) ainda vale; com as duas, vale a publishable', () => {
    expect(buildBackend({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'eyJ.anon.x' }).publishableKey).toBe('eyJ.anon.x');
    expect(
      buildBackend({
        PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
        PUBLIC_SUPABASE_ANON_KEY: 'eyJ.anon.x',
        PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_k',
      }).publishableKey,
    ).toBe('sb_publishable_k');
  });

  it('sem URL, é o Supabase local padrão', () => {
    expect(buildBackend({ PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'k' }).supabaseUrl).toBe('http://127.0.0.1:54321');
  });

  it('URL sem chave interrompe o build com uma mensagem que nomeia a variável que falta', () => {
    expect(() => buildBackend({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_PUBLISHABLE_KEY: '' })).toThrow(
      /PUBLIC_SUPABASE_URL está definido \(https:\/\/abc\.supabase\.co\) mas PUBLIC_SUPABASE_PUBLISHABLE_KEY não/,
    );
  });

  it('sem nenhuma das duas variáveis, o build explica o que definir', () => {
    expect(() => buildBackend({})).toThrow(/PUBLIC_SUPABASE_URL e PUBLIC_SUPABASE_PUBLISHABLE_KEY não estão definidos/);
  });

  it('recusa uma secret key ou a service_role key no lugar da publishable key, que iria para o JavaScript público', () => {
    const jwt = (role: string) => `h.${Buffer.from(JSON.stringify({ role })).toString('base64url')}.s`;
    const env = (key: string) => ({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_PUBLISHABLE_KEY: key });
    const legacy = (key: string) => ({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_ANON_KEY: key });
    expect(() => buildBackend(env('sb_secret_abc123'))).toThrow(
      /PUBLIC_SUPABASE_PUBLISHABLE_KEY contém uma secret key \(sb_secret_…\): ela ignora a RLS .* Use a publishable key/,
    );
    expect(() => buildBackend(env(jwt('service_role')))).toThrow(/PUBLIC_SUPABASE_PUBLISHABLE_KEY contém a service_role key/);
    expect(() => buildBackend(legacy(jwt('service_role')))).toThrow(/PUBLIC_SUPABASE_ANON_KEY contém a service_role key/);
    expect(() => buildBackend(legacy('sb_secret_abc123'))).toThrow(/PUBLIC_SUPABASE_ANON_KEY contém uma secret key/);
    expect(buildBackend(legacy(jwt('anon'))).publishableKey).toBe(jwt('anon'));
    expect(buildBackend(env('sb_publishable_abc123')).publishableKey).toBe('sb_publishable_abc123');
  });

  it('o REST passa pela origem do site, a menos que PUBLIC_SUPABASE_REST=direct; outro valor interrompe o build', () => {
    const env = (rest?: string) => ({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'k', PUBLIC_SUPABASE_REST: rest });
    expect(buildBackend(env()).rest).toBe('site');
    expect(buildBackend(env('site')).rest).toBe('site');
    expect(buildBackend(env('direct')).rest).toBe('direct');
    expect(() => buildBackend(env('proxy'))).toThrow(/PUBLIC_SUPABASE_REST deve ser "site" .* ou "direct" .*: "proxy"/);
  });

  it('a regra de proxy do REST vai no topo do _redirects, uma só vez, apontando para o Supabase do build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-rest-'));
    try {
      writeFileSync(join(dir, '_redirects'), '/projects/*  /projects/_/  200\n');
      writeRestProxyRule(dir, 'https://abc.supabase.co/');
      writeRestProxyRule(dir, 'https://abc.supabase.co');
      const rules = parseRedirects(readFileSync(join(dir, '_redirects'), 'utf8'));
      expect(rules.map((r) => [r.from, r.to, r.status, r.force])).toEqual([
        ['/rest/v1/*', 'https://abc.supabase.co/rest/v1/:splat', 200, true],
        ['/projects/*', '/projects/_/', 200, false],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('recusa uma URL inválida ou que não seja http(s)', () => {
    expect(() => buildBackend({ PUBLIC_SUPABASE_URL: 'abc.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'k' })).toThrow(/não é uma URL válida/);
    expect(() => buildBackend({ PUBLIC_SUPABASE_URL: 'ftp://abc.supabase.co', PUBLIC_SUPABASE_ANON_KEY: 'k' })).toThrow(/deve começar com https:\/\//);
  });
});

describe('conferência do código construído', () => {
  it('aceita um build cujo JavaScript chama a URL do build e nada do Supabase local', () => {
    file('_astro/client.js', 'createClient("https://abc.supabase.co","k")');
    file('index.html', '<p>oi</p>');
    expect(() => checkBakedBackend(dir, 'https://abc.supabase.co')).not.toThrow();
  });

  it('recusa um build cujo JavaScript não contém a URL para a qual a CSP seria escrita', () => {
    file('_astro/client.js', 'createClient("https://outro.supabase.co","k")');
    expect(() => checkBakedBackend(dir, 'https://abc.supabase.co')).toThrow(/não contém https:\/\/abc\.supabase\.co/);
  });

  it('recusa um build hospedado em que alguma página ainda chama 127.0.0.1:54321', () => {
    file('_astro/client.js', 'createClient("https://abc.supabase.co","k")');
    file('login/index.html', '<script>fetch("http://127.0.0.1:54321/auth/v1/user")</script>');
    expect(() => checkBakedBackend(dir, 'https://abc.supabase.co')).toThrow(/\/login\/index\.html ainda chama 127\.0\.0\.1:54321/);
  });
});
