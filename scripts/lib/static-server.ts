// A small CDN-like static server for the built site: `_redirects` rewrites, redirects and proxies (a 200 rule to
// another origin, as on Netlify), `_headers`, 404.html with status 404, immutable caching of hashed assets,
// revalidated HTML, gzip/brotli.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { proxyRequest } from '../../src/integrations/http-proxy.ts';
import { fillDestination, headersFor, matchPattern, parseHeaders, parseRedirects, type HeaderRule, type RedirectRule } from './host-rules.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest']);
/** Files of the host's configuration, never served. */
const HIDDEN = new Set(['/_redirects', '/_headers']);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export interface StaticServerOptions {
  root: string;
  port?: number;
  host?: string;
}

export interface StaticServer {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

interface Entry {
  body: Buffer;
  etag: string;
  mtimeMs: number;
  encoded: Map<string, Buffer>;
}

export function createStaticHandler(rootDir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const root = resolve(rootDir);
  const read = (name: string) => (existsSync(join(root, name)) ? readFileSync(join(root, name), 'utf8') : '');
  const redirects: RedirectRule[] = parseRedirects(read('_redirects'));
  const headerRules: HeaderRule[] = parseHeaders(read('_headers'));
  const cache = new Map<string, Entry>();

  /** The file a URL path maps to (directory index, `.html` fallback), or null. Never leaves root. */
  function fileFor(path: string): string | null {
    if (HIDDEN.has(path)) return null;
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}/index.html`, `${path}.html`];
    for (const c of candidates) {
      const full = resolve(root, `.${c}`);
      if (full !== root && !full.startsWith(root + sep)) return null;
      try {
        if (statSync(full).isFile()) return full;
      } catch {
        // not there: try the next candidate
      }
    }
    return null;
  }

  function load(file: string): Entry {
    const mtimeMs = statSync(file).mtimeMs;
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit;
    const body = readFileSync(file);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const entry: Entry = { body, etag, mtimeMs, encoded: new Map() };
    cache.set(file, entry);
    return entry;
  }

  function send(req: IncomingMessage, res: ServerResponse, urlPath: string, file: string, status: number): void {
    const ext = extname(file).toLowerCase();
    const entry = load(file);
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', urlPath.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE);
    for (const [name, value] of headersFor(headerRules, urlPath)) res.setHeader(name, value);
    const compressible = COMPRESSIBLE.has(ext) && entry.body.length > 256;
    if (compressible) res.setHeader('Vary', 'Accept-Encoding');
    // Variants of one file share the ETag weakly (same content, other encoding).
    res.setHeader('ETag', `W/${entry.etag}`);
    if (status === 200 && matchesEtag(req.headers['if-none-match'], entry.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    let body = entry.body;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = compressible ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null) : null;
    if (encoding) {
      let encoded = entry.encoded.get(encoding);
      if (!encoded) {
        encoded =
          encoding === 'br'
            ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length } })
            : gzipSync(entry.body, { level: 9 });
        entry.encoded.set(encoding, encoded);
      }
      body = encoded;
      res.setHeader('Content-Encoding', encoding);
    }
    res.setHeader('Content-Length', body.length);
    res.statusCode = status;
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function notFound(req: IncomingMessage, res: ServerResponse, urlPath: string): void {
    const page = fileFor('/404.html');
    if (page) return send(req, res, urlPath, page, 404);
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Página não encontrada');
  }

  return (req, res) => {
    const proxied = proxyTarget(redirects, req.url ?? '/');
    if (proxied) return proxyRequest(req, res, proxied);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    let urlPath: string;
    let search: string;
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      urlPath = decodeURIComponent(url.pathname);
      search = url.search;
    } catch {
      res.statusCode = 400;
      res.end('Bad Request');
      return;
    }
    if (urlPath.includes('\0') || urlPath.split('/').includes('..')) return notFound(req, res, urlPath);

    const direct = fileFor(urlPath);
    for (const rule of redirects) {
      const params = matchPattern(rule.from, urlPath);
      if (!params) continue;
      // Like Netlify: a file that exists shadows the rule unless the rule is forced.
      if (direct && !rule.force) break;
      const target = fillDestination(rule.to, params);
      if (rule.status >= 300 && rule.status < 400) {
        for (const [name, value] of headersFor(headerRules, urlPath)) res.setHeader(name, value);
        res.statusCode = rule.status;
        res.setHeader('Location', target.includes('?') || !search ? target : target + search);
        res.setHeader('Cache-Control', REVALIDATE);
        res.end();
        return;
      }
      const file = fileFor(new URL(target, 'http://localhost').pathname);
      if (!file) return notFound(req, res, urlPath);
      return send(req, res, urlPath, file, rule.status === 404 ? 404 : 200);
    }
    if (direct) return send(req, res, urlPath, direct, 200);
    return notFound(req, res, urlPath);
  };
}

/** The other-origin URL a proxy rule (status 200, absolute destination) sends this request to, or null. */
function proxyTarget(rules: RedirectRule[], rawUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(rawUrl, 'http://localhost');
  } catch {
    return null;
  }
  for (const rule of rules) {
    if (rule.status !== 200 || !/^https?:\/\//.test(rule.to)) continue;
    const params = matchPattern(rule.from, url.pathname);
    if (!params) continue;
    const target = new URL(fillDestination(rule.to, params));
    if (!target.search) target.search = url.search;
    return target;
  }
  return null;
}

function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  return value.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
}

/** Serves `root` on host:port (0 = a free port). */
export function startStaticServer({ root, port = 0, host = '127.0.0.1' }: StaticServerOptions): Promise<StaticServer> {
  const server = createServer(createStaticHandler(root));
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = (server.address() as AddressInfo).port;
      const shownHost = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      resolvePromise({
        url: `http://${shownHost}:${actual}`,
        port: actual,
        server,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
