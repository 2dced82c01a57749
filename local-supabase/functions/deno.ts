// The part of Deno's global an Edge Function uses, for running supabase/functions under Node: `Deno.env` (the
// project's environment and secrets, never Node's process.env) and `Deno.serve`, whose handler is captured instead
// of opening a port (the local server routes /functions/v1/<name> to it). Deno also has a WebSocket global (which
// supabase-js's Realtime client looks for); Node 20 has none, so the `ws` package's stands in for it.
import WebSocket from 'ws';

export type Handler = (req: Request, info: { remoteAddr: { transport: 'tcp'; hostname: string; port: number } }) => Response | Promise<Response>;

interface ServeOptions {
  handler?: Handler;
  [k: string]: unknown;
}

const env = new Map<string, string>();
let capture: ((h: Handler) => void) | null = null;

const denoShim = {
  env: {
    get: (key: string): string | undefined => env.get(key),
    set: (key: string, value: string) => void env.set(key, String(value)),
    delete: (key: string) => void env.delete(key),
    has: (key: string) => env.has(key),
    toObject: (): Record<string, string> => Object.fromEntries(env),
  },
  serve(a: Handler | ServeOptions, b?: Handler) {
    const handler = typeof a === 'function' ? a : (b ?? a.handler);
    if (typeof handler !== 'function') throw new TypeError('Deno.serve: a handler is required');
    if (!capture) throw new Error('Deno.serve called outside a function load');
    capture(handler);
    const finished = new Promise<void>(() => {});
    return { finished, shutdown: async () => {}, ref() {}, unref() {}, addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 } };
  },
  version: { deno: 'local-supabase (Node)', v8: process.versions.v8, typescript: '' },
};

/** Installs the shim (once) and sets the environment every function sees. */
export function installDeno(values: Record<string, string>): void {
  const g = globalThis as unknown as { Deno?: unknown };
  if (g.Deno && g.Deno !== denoShim) throw new Error('A real Deno global is present; local functions run only under Node');
  g.Deno = denoShim;
  const w = globalThis as unknown as { WebSocket?: unknown };
  if (typeof w.WebSocket === 'undefined') w.WebSocket = WebSocket;
  env.clear();
  for (const [k, v] of Object.entries(values)) env.set(k, v);
}

let loading: Promise<unknown> = Promise.resolve();

/** Imports a function module and returns the handler it passed to Deno.serve (loads are serialised). */
export function loadHandler(moduleUrl: string): Promise<Handler> {
  const run = loading.then(async () => {
    let captured: Handler | null = null;
    capture = (h) => {
      captured = h;
    };
    try {
      await import(moduleUrl);
    } finally {
      capture = null;
    }
    if (!captured) throw new Error('the module did not call Deno.serve');
    return captured as Handler;
  });
  loading = run.catch(() => {});
  return run;
}
