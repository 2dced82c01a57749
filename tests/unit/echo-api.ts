// A stand-in for the Supabase API behind a proxy: it answers every request with what it received (method, URL,
// headers, body) as JSON, so a test can check what the proxy forwarded, and counts the requests it sees.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export interface Forwarded {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface EchoApi {
  url: string;
  /** Requests received so far. */
  hits(): number;
  close(): Promise<void>;
}

interface Options {
  /** Status of the echo for a URL (default 206, as PostgREST answers a ranged read). */
  status?: (url: string) => number;
  /** Extra headers on every echo. */
  headers?: Record<string, string>;
  /** Takes a request before the echo; returns true when it handled (or deliberately holds) it. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export async function startEchoApi(options: Options = {}): Promise<EchoApi> {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    if (options.intercept?.(req, res)) return;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const status = options.status?.(req.url ?? '') ?? 206;
      res.writeHead(status, { 'content-type': 'application/json', 'content-range': '0-0/7', ...options.headers });
      res.end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The request both proxies are checked with: an RPC with a query, the user's token, a Prefer header and a body. */
export const RPC_REQUEST = {
  path: '/rest/v1/rpc/project_status_counts?select=*&id=eq.1',
  init: {
    method: 'POST',
    headers: { authorization: 'Bearer token-do-usuario', apikey: 'anon', prefer: 'count=exact', 'content-type': 'application/json' },
    body: '{"a":1}',
  },
};

/** What the API must have received for `RPC_REQUEST`: the same method, path, query, headers and body, for its host. */
export function expectForwardedRpc(seen: Forwarded, apiUrl: string): void {
  expect(seen.method).toBe('POST');
  expect(seen.url).toBe(RPC_REQUEST.path);
  expect(seen.headers.authorization).toBe('Bearer token-do-usuario');
  expect(seen.headers.apikey).toBe('anon');
  expect(seen.headers.prefer).toBe('count=exact');
  expect(seen.headers.host).toBe(new URL(apiUrl).host);
  expect(seen.body).toBe('{"a":1}');
}
