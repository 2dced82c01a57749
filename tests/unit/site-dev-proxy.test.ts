// The REST proxy of `astro dev`, driven through its Vite hooks: a stand-in middleware stack on a real HTTP server in
// front of an API that echoes what it receives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedConfig, ViteDevServer } from 'vite';
import { DEFAULT_SUPABASE_URL } from '../../src/integrations/build-stamp';
import { devRestProxy, devRestTarget } from '../../src/integrations/dev-rest-proxy';
import { RPC_REQUEST, expectForwardedRpc, startEchoApi, type EchoApi, type Forwarded } from './echo-api';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The API behind the proxy: answers with what it received. */
let api: EchoApi;
let apiUrl: string;
const servers: Server[] = [];

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The plugin's hooks as Vite calls them: configResolved with the resolved env, then configureServer. */
function plugin(env: Record<string, string>) {
  const proxy = devRestProxy();
  const configResolved = proxy.configResolved as (config: ResolvedConfig) => void;
  const configureServer = proxy.configureServer as (server: ViteDevServer) => void;
  return {
    resolve: () => configResolved({ env } as unknown as ResolvedConfig),
    configure: (use: (fn: Middleware) => void) => configureServer({ middlewares: { use } } as unknown as ViteDevServer),
  };
}

/** A dev server holding only the plugin's middleware for this env; whatever it passes on is answered 404 'next'. */
async function devServer(env: Record<string, string>): Promise<string> {
  const stack: Middleware[] = [];
  const { resolve, configure } = plugin(env);
  resolve();
  configure((fn) => stack.push(fn));
  return listen(
    createServer((req, res) => {
      const run = (i: number): void => {
        if (i < stack.length) return stack[i](req, res, () => run(i + 1));
        res.statusCode = 404;
        res.end('next');
      };
      run(0);
    }),
  );
}

beforeAll(async () => {
  api = await startEchoApi({ headers: { 'x-da-api': 'sim' } });
  apiUrl = api.url;
});

afterAll(async () => {
  await Promise.all([...servers.map((s) => new Promise((done) => s.close(done))), api.close()]);
});

describe('proxy do REST no `astro dev`', () => {
  it('repassa /rest/v1/* ao Supabase do ambiente com método, caminho, query, cabeçalhos e corpo, e devolve a resposta da API', async () => {
    const dev = await devServer({ PUBLIC_SUPABASE_URL: apiUrl });
    const res = await fetch(`${dev}${RPC_REQUEST.path}`, RPC_REQUEST.init);
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-0/7');
    expect(res.headers.get('x-da-api')).toBe('sim');
    expectForwardedRpc((await res.json()) as Forwarded, apiUrl);
  });

  it('uma URL do Supabase com barra no fim não duplica a barra no caminho repassado', async () => {
    const dev = await devServer({ PUBLIC_SUPABASE_URL: `${apiUrl}/` });
    const seen = (await (await fetch(`${dev}/rest/v1/tasks?id=eq.1`)).json()) as { url: string };
    expect(seen.url).toBe('/rest/v1/tasks?id=eq.1');
  });

  it('qualquer outro caminho segue para o próximo middleware, sem chamar a API', async () => {
    const dev = await devServer({ PUBLIC_SUPABASE_URL: apiUrl });
    const before = api.hits();
    for (const path of ['/', '/projects/abc', '/rest/v1', '/auth/v1/token', '/x/rest/v1/tasks']) {
      const res = await fetch(`${dev}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe('next');
    }
    expect(api.hits()).toBe(before);
  });

  it('com PUBLIC_SUPABASE_REST=direct nada é repassado: o navegador chama o Supabase diretamente', async () => {
    const dev = await devServer({ PUBLIC_SUPABASE_URL: apiUrl, PUBLIC_SUPABASE_REST: 'direct' });
    const before = api.hits();
    const res = await fetch(`${dev}/rest/v1/tasks?id=eq.1`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('next');
    expect(api.hits()).toBe(before);
  });

  it('com a API fora do ar, responde 502 com uma mensagem em português', async () => {
    const dev = await devServer({ PUBLIC_SUPABASE_URL: 'http://127.0.0.1:9' });
    const res = await fetch(`${dev}/rest/v1/tasks`);
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('Falha ao contatar a API');
  });

  it('sem PUBLIC_SUPABASE_URL, o destino é o Supabase local; "site" ou vazio em PUBLIC_SUPABASE_REST é o padrão', () => {
    expect(devRestTarget({})).toBe(DEFAULT_SUPABASE_URL);
    expect(devRestTarget({ PUBLIC_SUPABASE_URL: '' })).toBe(DEFAULT_SUPABASE_URL);
    expect(devRestTarget({ PUBLIC_SUPABASE_REST: 'site' })).toBe(DEFAULT_SUPABASE_URL);
    expect(devRestTarget({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/', PUBLIC_SUPABASE_REST: '' })).toBe('https://abc.supabase.co');
    expect(devRestTarget({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co', PUBLIC_SUPABASE_REST: 'direct' })).toBeNull();
  });

  it('um PUBLIC_SUPABASE_REST desconhecido impede o servidor de subir, com a explicação em português', () => {
    const { resolve } = plugin({ PUBLIC_SUPABASE_URL: apiUrl, PUBLIC_SUPABASE_REST: 'proxy' });
    expect(resolve).toThrow('PUBLIC_SUPABASE_REST deve ser "site" (padrão: o REST passa pela origem do site) ou "direct"');
    expect(resolve).toThrow('"proxy"');
  });
});
