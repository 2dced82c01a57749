import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get as httpGet } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startStaticServer, type StaticServer } from '../../scripts/lib/static-server';

let root: string;
let site: StaticServer;
const big = `<!doctype html><html lang="pt-BR"><title>Projeto</title>${'<p>texto</p>'.repeat(100)}</html>`;

function file(path: string, content: string) {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, content);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-test-'));
  file('index.html', '<!doctype html><title>Início</title>');
  file('404.html', '<!doctype html><title>Página não encontrada</title>');
  file('projects/index.html', '<title>Lista</title>');
  file('projects/_/index.html', big);
  file('_astro/app.abc123.js', `console.log(${JSON.stringify('x'.repeat(1000))});`);
  file('_redirects', '/projects/*  /projects/_/  200\n/velho  /novo  302\n/admin  /admin/dashboard  301!\n');
  file('_headers', '/*\n  X-Frame-Options: DENY\n/projects/*\n  X-Extra: sim\n');
  file('admin/index.html', '<title>fallback</title>');
  site = await startStaticServer({ root, port: 0 });
});

afterAll(async () => {
  await site.close();
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
