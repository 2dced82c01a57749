// The local Supabase's HTTP front: CORS as Supabase's gateway answers it (the API, to any origin; /_dev, the local
// inbox, to none), body limits, routing to /auth/v1 (GoTrue), /rest/v1 (PostgREST, in ./rest), /storage/v1 (in
// ./storage) and the /_dev pages; every failure is a JSON answer.
import type { PGlite } from '@electric-sql/pglite';
import http from 'node:http';
import type { AuthContext } from './auth/context.ts';
import { FUNCTIONS_PREFIX, type LocalFunctions } from './functions/index.ts';
import { handleAuth } from './auth/router.ts';
import { json, type ApiRequest, type ApiResponse } from './http.ts';
import { devRequestAllowed, handleDev } from './dev-routes.ts';
import { applyGateway } from './keys/gateway.ts';
import { handleRest } from './rest/index.ts';
import { GLOBAL_FILE_SIZE_LIMIT, tooLargeResponse, type LocalStorage } from './storage/index.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Storage uploads: the largest object plus room for a multipart envelope. */
export const MAX_STORAGE_BODY_BYTES = GLOBAL_FILE_SIZE_LIMIT + 64 * 1024;
/** Beyond this much discarded body the connection is cut instead of drained. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

const ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'x-retry-count',
  'accept',
  'range',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'if-none-match',
].join(', ');
const EXPOSE_HEADERS = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'x-sb-error-code',
  'Content-Location',
  'Location',
  'Range-Unit',
  'X-Total-Count',
  'Link',
  'ETag',
  'Content-Disposition',
].join(', ');
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSE_HEADERS,
};

export interface ServerContext {
  auth: AuthContext;
  pg: PGlite;
  log: (line: string) => void;
  /** For /_dev/config.json. */
  publicConfig: () => { url: string; publishable_key: string; anon_key: string };
  storage: LocalStorage;
  /** `[api] schemas` of the project's config.toml: what /rest/v1 exposes unless the database says otherwise. */
  apiSchemas: string[];
  /** /functions/v1: answered before this server's own CORS and body handling (a function answers CORS itself). */
  functions?: LocalFunctions;
}

function restError(status: number, code: string, message: string, hint: string | null = null): ApiResponse {
  return json(status, { code, message, details: null, hint });
}

const isStorage = (path: string) => path === '/storage/v1' || path.startsWith('/storage/v1/');
const isDev = (path: string) => path === '/_dev' || path.startsWith('/_dev/');

/** `raw`: the body's bytes and the path as sent (storage keys must not be normalised: 'a/../b' is refused, not rewritten). */
async function dispatch(req: ApiRequest, full: string, ctx: ServerContext, raw: { body: Buffer; path: string }): Promise<ApiResponse> {
  const service = /^\/(auth|rest|storage|functions|realtime)\/v1(\/|$)/.exec(full)?.[1];
  if (service) {
    const refused = await applyGateway(req, ctx.auth.keys, { mapMissing: service !== 'auth' });
    if (refused) return refused;
  }
  if (isStorage(full) && raw.path.startsWith('/storage/v1')) {
    const res = await ctx.storage.handle({ ...req, path: raw.path.slice('/storage/v1'.length).replace(/\/+$/, '') || '/', body: raw.body });
    return res as unknown as ApiResponse; // body may be bytes: send() passes it to res.end() as is
  }
  if (full === '/auth/v1' || full.startsWith('/auth/v1/')) {
    return handleAuth({ ...req, path: full.slice('/auth/v1'.length) || '/' }, ctx.auth);
  }
  if (full === '/rest/v1' || full.startsWith('/rest/v1/')) {
    const { remoteAddress: _ignored, ...rest } = req;
    void _ignored;
    const res = await handleRest(
      { ...rest, path: full.slice('/rest/v1'.length) || '/' },
      { pg: ctx.pg, keys: ctx.auth.keys, schemas: ctx.apiSchemas },
    );
    return { status: res.status, headers: { ...res.headers }, body: res.body ?? '' };
  }
  const dev = await handleDev(req, full, ctx);
  if (dev) return dev;
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (full === '/' || full === '') {
      return json(200, {
        name: 'local-supabase',
        description: 'Local stand-in for Supabase (development and tests only, never production)',
        endpoints: ['/auth/v1', '/rest/v1', '/storage/v1', '/realtime/v1', '/functions/v1', '/_dev/inbox', '/_dev/inbox.json', '/_dev/config.json'],
      });
    }
  }
  return json(404, { code: 'not_found', message: `No route for ${req.method} ${full}`, details: null, hint: null });
}

function readBody(req: http.IncomingMessage, limit: number): Promise<{ body: Buffer; tooLarge: boolean; cut: boolean }> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > limit;
    let done = false;
    if (declared > MAX_DRAIN_BYTES) {
      done = true;
      resolve({ body: Buffer.alloc(0), tooLarge: true, cut: true });
      return;
    }
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(c);
      if (size > MAX_DRAIN_BYTES && !done) {
        done = true;
        resolve({ body: Buffer.alloc(0), tooLarge: true, cut: true });
      }
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve({ body: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge, cut: false });
    });
    req.on('error', (err) => {
      if (done) return;
      done = true;
      reject(err);
    });
  });
}

function send(res: http.ServerResponse, out: ApiResponse, extra: Record<string, string> = {}, cors = true): void {
  if (res.headersSent) return;
  const headers: Record<string, string> = { ...(cors ? CORS : {}), ...out.headers, ...extra };
  if (out.status === 204 || out.status === 304) delete headers['content-type'];
  const body = out.status === 204 || out.status === 304 ? undefined : (out.body as string | Uint8Array);
  // A whole body is sent with its length, as GoTrue, PostgREST and Storage send theirs (writeHead alone would make
  // Node fall back to chunked encoding); a HEAD answer keeps the length its handler declared.
  const declared = Object.keys(headers).some((k) => k.toLowerCase() === 'content-length' || k.toLowerCase() === 'transfer-encoding');
  if (body !== undefined && !declared && res.req?.method !== 'HEAD') {
    headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  }
  res.writeHead(out.status, headers);
  res.end(body);
}

export function createServer(ctx: ServerContext): http.Server {
  const server = http.createServer(async (req, res) => {
    const started = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    let pathname = '/';
    let status = 500;
    let cors = true;
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      pathname = url.pathname.replace(/\/+$/, '') || '/';
      if (isDev(pathname)) {
        cors = false;
        if (method === 'OPTIONS' || !devRequestAllowed(req.headers, ctx.publicConfig().url)) {
          status = 403;
          send(res, json(403, { code: 'forbidden', message: 'The local inbox answers only its own origin', details: null, hint: null }), {}, false);
          return;
        }
      }
      if (ctx.functions && (pathname === FUNCTIONS_PREFIX || pathname.startsWith(`${FUNCTIONS_PREFIX}/`))) {
        status = await ctx.functions.serve(req, res, pathname, url.search);
        return;
      }
      if (method === 'OPTIONS') {
        status = 204;
        res.writeHead(204, {
          ...CORS,
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-max-age': '86400',
        });
        res.end();
        return;
      }
      const { body, tooLarge, cut } = await readBody(req, isStorage(pathname) ? MAX_STORAGE_BODY_BYTES : MAX_BODY_BYTES);
      if (tooLarge) {
        const isRest = pathname.startsWith('/rest/');
        const out = isStorage(pathname)
          ? (tooLargeResponse() as ApiResponse)
          : isRest
          ? restError(413, 'PGRST413', `Request body too large (limit ${MAX_BODY_BYTES} bytes)`)
          : json(413, {
              code: 'request_too_large',
              error_code: 'request_too_large',
              message: `Request body too large (limit ${MAX_BODY_BYTES} bytes)`,
              msg: `Request body too large (limit ${MAX_BODY_BYTES} bytes)`,
            }, { 'x-sb-error-code': 'request_too_large', 'x-supabase-api-version': '2024-01-01' });
        status = 413;
        send(res, out, cut ? { connection: 'close' } : {});
        if (cut) res.on('finish', () => req.destroy());
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      }
      const out = await dispatch(
        { method, path: pathname, query: url.searchParams, headers, body: body.toString('utf8'), remoteAddress: req.socket.remoteAddress ?? 'unknown' },
        pathname,
        ctx,
        { body, path: (req.url ?? '/').split('?')[0]! },
      );
      status = out.status;
      send(res, out, {}, cors);
    } catch (err) {
      status = 500;
      ctx.log(`error: ${method} ${pathname}: ${(err as Error)?.stack ?? String(err)}`);
      send(
        res,
        isStorage(pathname)
          ? json(500, { statusCode: '500', code: 'InternalError', error: 'Internal', message: 'Internal Server Error' })
          : pathname.startsWith('/rest/')
          ? restError(500, 'PGRST000', 'Internal server error')
          : json(500, { code: 'unexpected_failure', error_code: 'unexpected_failure', message: 'Internal server error', msg: 'Internal server error' }),
        {},
        cors,
      );
    } finally {
      // Path only: query strings can carry tokens (e-mail links), bodies carry passwords.
      ctx.log(`${method} ${pathname} ${status} ${Date.now() - started}ms`);
    }
  });
  // Idle keep-alive sockets stay open longer than clients keep them (undici: 4 s), so a client never sends a request on
  // a socket the server is closing at that moment (a 'fetch failed' when the event loop is busy).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"code":"bad_request","message":"Malformed HTTP request"}');
    else socket.destroy();
  });
  return server;
}
