import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server';
import { RPC_REQUEST, expectForwardedRpc, startEchoApi, type EchoApi, type Forwarded } from './echo-api';

let root: string;
let site: StaticServer;
/** The API behind the proxy rule: answers with what it received. */
let api: EchoApi;
let apiUrl: string;
/** Resolves when the API sees the held request's connection close (`/rest/v1/hold` is never answered). */
let heldClosed: Promise<void>;
let onHeldClosed: () => void = () => undefined;
const big = `<!doctype html><html lang="pt-BR"><title>Projeto</title>${'<p>texto</p>'.repeat(100)}</html>`;

function file(path: string, content: string) {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, content);
}

beforeAll(async () => {
  heldClosed = new Promise((done) => (onHeldClosed = done));
  api = await startEchoApi({
    status: (url) => (url.includes('missing') ? 404 : 206),
    intercept: (req, res) => {
      if (req.url !== '/rest/v1/hold') return false;
      res.on('close', () => onHeldClosed());
      return true;
    },
  });
  apiUrl = api.url;
  root = mkdtempSync(join(tmpdir(), 'serve-test-'));
  file('index.html', '<!doctype html><title>Início</title>');
  file('404.html', '<!doctype html><title>Página não encontrada</title>');
  file('projects/index.html', '<title>Lista</title>');
  file('projects/_/index.html', big);
  file('_astro/app.abc123.js', `console.log(${JSON.stringify('x'.repeat(1000))});`);
  file(
    '_redirects',
    `/rest/v1/*  ${apiUrl}/rest/v1/:splat  200!\n/gone/*  http://127.0.0.1:9/:splat  200\n` +
      '/projects/*  /projects/_/  200\n/velho  /novo  302\n/admin  /admin/dashboard  301!\n',
  );
  file('_headers', '/*\n  X-Frame-Options: DENY\n/projects/*\n  X-Extra: sim\n');
  file('admin/index.html', '<title>fallback</title>');
  site = await startStaticServer({ root, port: 0 });
});

afterAll(async () => {
  await site.close();
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.url}${path}`, { headers, redirect: 'manual' });

describe('servidor estático', () => {
  it('reescreve rotas dinâmicas para o shell, com status 200 e os cabeçalhos do caminho original', async () => {
    const res = await get('/projects/123e4567');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(big);
    expect(res.headers.get('x-extra')).toBe('sim');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('um arquivo existente tem precedência sobre a regra (a menos que ela seja forçada)', async () => {
    expect(await (await get('/projects/')).text()).toContain('Lista');
    const forced = await get('/admin');
    expect(forced.status).toBe(301);
    expect(forced.headers.get('location')).toBe('/admin/dashboard');
  });

  it('redireciona com o status da regra, preservando a query', async () => {
    const res = await get('/velho?x=1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/novo?x=1');
  });

  it('caminho desconhecido: 404.html com status 404', async () => {
    const res = await get('/nao/existe');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Página não encontrada');
  });

  it('não serve os arquivos de regras nem sai da pasta', async () => {
    expect((await get('/_redirects')).status).toBe(404);
    expect((await get('/_headers')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('assets com hash são imutáveis; HTML é revalidado com ETag e 304', async () => {
    expect((await get('/_astro/app.abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const html = await get('/');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const etag = html.headers.get('etag')!;
    expect((await get('/', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('comprime com brotli ou gzip conforme Accept-Encoding', async () => {
    const raw = (enc: string) =>
      new Promise<{ enc: string | undefined; body: Buffer }>((resolve, reject) => {
        httpGet(`${site.url}/projects/x`, { headers: { 'Accept-Encoding': enc } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ enc: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.enc).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(big);
    expect(br.body.length).toBeLessThan(big.length);
    const gz = await raw('gzip');
    expect(gz.enc).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(big);
    const none = await raw('identity');
    expect(none.enc).toBeUndefined();
    expect(none.body.toString()).toBe(big);
  });

  it('recusa métodos que não sejam GET/HEAD', async () => {
    const res = await fetch(`${site.url}/`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

describe('servidor estático: regra 200 para outra origem (proxy, como no Netlify)', () => {
  it('repassa método, caminho, query, cabeçalhos e corpo, e devolve a resposta da API como veio', async () => {
    const res = await fetch(`${site.url}${RPC_REQUEST.path}`, RPC_REQUEST.init);
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-0/7');
    // The answer is the API's: none of the site's own headers or caching rules are added to it.
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBeNull();
    const seen = (await res.json()) as Forwarded;
    expectForwardedRpc(seen, apiUrl);
    expect(seen.headers['x-forwarded-for']).toContain('127.0.0.1');
  });

  it('PATCH e DELETE passam também, e um erro da API chega ao navegador com o status dela', async () => {
    const patch = await fetch(`${site.url}/rest/v1/tasks?id=eq.1`, { method: 'PATCH', body: '{"done":true}' });
    expect(((await patch.json()) as { method: string; body: string }).body).toBe('{"done":true}');
    const del = await fetch(`${site.url}/rest/v1/tasks?id=eq.1`, { method: 'DELETE' });
    expect(((await del.json()) as { method: string }).method).toBe('DELETE');
    expect((await get('/rest/v1/missing')).status).toBe(404);
  });

  it('quando o navegador desiste da requisição, a requisição à API é encerrada também', async () => {
    const abort = new AbortController();
    const pending = fetch(`${site.url}/rest/v1/hold`, { signal: abort.signal }).catch(() => 'abortada');
    await new Promise((done) => setTimeout(done, 100));
    abort.abort();
    expect(await pending).toBe('abortada');
    await heldClosed;
  });

  it('com a API fora do ar, responde 502 com uma mensagem em português', async () => {
    const res = await get('/gone/x');
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('Falha ao contatar a API');
  });
});
