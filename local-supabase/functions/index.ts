// /functions/v1/<name>: the project's Edge Functions (supabase/functions/<name>/index.ts, Deno modules that call
// Deno.serve) run under Node, as `supabase functions serve` runs them:
//   * the environment a hosted function gets (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and, when
//     the server has them, the new-style key sets) plus the secrets of supabase/functions/.env, through Deno.env;
//   * `[functions.<name>] verify_jwt` of supabase/config.toml (default true): a request without a valid project JWT
//     in Authorization is answered 401 before the function runs; OPTIONS always reaches the function;
//   * the function answers CORS itself (no header is added on its responses);
//   * schedules: supabase/schedules.json lists functions to call on a cron schedule, with the service role key, the
//     way a hosted project's Supabase Cron job calls them with pg_net.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { parseToml } from '../project-config.ts';
import { cronMatches, parseSchedule, type Schedule } from './schedule.ts';
import { installDeno, loadHandler, type Handler } from './deno.ts';

export const FUNCTIONS_PREFIX = '/functions/v1';
const NAME = /^[A-Za-z0-9_-]+$/;

export interface FunctionsOptions {
  /** Folder of the functions (supabase/functions); null = none. */
  dir: string | null;
  /** supabase/config.toml, for verify_jwt. */
  configFile: string | null;
  /** supabase/schedules.json; null = no schedules. */
  schedulesFile: string | null;
  /** The project's keys: they verify tokens (verify_jwt) and fill the environment a hosted function gets. */
  keys: ProjectKeys;
  log: (line: string) => void;
  /** The site's address, given to functions as SITE_URL unless supabase/functions/.env sets it. */
  siteUrl?: string;
}

export interface LocalFunctions {
  /** Answers a request under /functions/v1 (the server's own CORS and body handling do not apply). */
  serve(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, search: string): Promise<number>;
  /** Starts the schedules once the server's URL is known. */
  start(url: string): void;
  /** Calls a function as its schedule does; resolves with the answer's status. */
  invoke(name: string, body?: unknown): Promise<number>;
  stop(): void;
}

/** KEY=VALUE lines (optionally quoted; # comments), as the Supabase CLI reads supabase/functions/.env. */
export function parseDotEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let v = m[2]!.trim();
    if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) {
      v = v.slice(1, -1);
      if (m[2]!.trim().startsWith('"')) v = v.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else v = v.replace(/\s+#.*$/, '');
    out[m[1]!] = v;
  }
  return out;
}

function verifyJwtSetting(configFile: string | null, name: string): boolean {
  if (!configFile || !fs.existsSync(configFile)) return true;
  const v = parseToml(fs.readFileSync(configFile, 'utf8')).get(`functions.${name}`)?.get('verify_jwt');
  return typeof v === 'boolean' ? v : true;
}

function jsonAnswer(res: http.ServerResponse, status: number, body: unknown): number {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
  return status;
}

export function openFunctions(opts: FunctionsOptions): LocalFunctions {
  const log = opts.log;
  let url = '';
  const handlers = new Map<string, { mtime: number; handler: Handler }>();
  let timer: NodeJS.Timeout | null = null;

  let secrets: { mtime: number; values: Record<string, string> } = { mtime: -1, values: {} };
  /** supabase/functions/.env, read again when it changes. */
  function readSecrets(): Record<string, string> {
    const file = opts.dir ? path.join(opts.dir, '.env') : null;
    const mtime = file && fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0;
    if (mtime === secrets.mtime) return secrets.values;
    const values: Record<string, string> = {};
    if (file && mtime) {
      for (const [k, v] of Object.entries(parseDotEnv(fs.readFileSync(file, 'utf8')))) {
        // As on a hosted project, SUPABASE_* names are reserved: a secret cannot replace them.
        if (k.startsWith('SUPABASE_')) log(`functions: ignoring ${k} from .env (SUPABASE_ names are reserved)`);
        else values[k] = v;
      }
    }
    secrets = { mtime, values };
    return values;
  }

  function environment(): Record<string, string> {
    // Local-only defaults a hosted project gets from its secrets instead: SITE_URL (links in mails) and DEV_INBOX_URL,
    // where a function drops the mails it sends (they land in /_dev/inbox; a hosted project sends by SMTP).
    const env: Record<string, string> = {
      ...(opts.siteUrl ? { SITE_URL: opts.siteUrl } : {}),
      ...(url ? { DEV_INBOX_URL: `${url}/_dev/inbox` } : {}),
      ...readSecrets(),
    };
    env.SUPABASE_URL = url;
    env.SUPABASE_ANON_KEY = opts.keys.anonKey;
    env.SUPABASE_SERVICE_ROLE_KEY = opts.keys.serviceRoleKey;
    env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: opts.keys.publishableKey });
    env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: opts.keys.secretKey });
    env.SUPABASE_JWKS = JSON.stringify(opts.keys.jwks());
    return env;
  }

  async function handlerFor(name: string): Promise<Handler | null> {
    if (!opts.dir || !NAME.test(name)) return null;
    const file = ['index.ts', 'index.js', 'index.mts', 'index.mjs'].map((f) => path.join(opts.dir!, name, f)).find((f) => fs.existsSync(f));
    if (!file) return null;
    const mtime = fs.statSync(file).mtimeMs;
    const known = handlers.get(name);
    if (known && known.mtime === mtime) return known.handler;
    const handler = await loadHandler(`${pathToFileURL(file).href}?t=${Math.round(mtime * 1000)}`);
    handlers.set(name, { mtime, handler });
    return handler;
  }

  async function run(name: string, request: Request, remote: string): Promise<Response | null> {
    installDeno(environment());
    const handler = await handlerFor(name);
    if (!handler) return null;
    return handler(request, { remoteAddr: { transport: 'tcp', hostname: remote, port: 0 } });
  }

  async function serve(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, search: string): Promise<number> {
    const rest = pathname.slice(FUNCTIONS_PREFIX.length).replace(/^\/+/, '');
    const name = rest.split('/')[0] ?? '';
    const method = (req.method ?? 'GET').toUpperCase();
    if (!name || !NAME.test(name) || !opts.dir || !fs.existsSync(path.join(opts.dir, name))) {
      return jsonAnswer(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
    if (method !== 'OPTIONS' && verifyJwtSetting(opts.configFile, name)) {
      const m = /^bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
      if (!m) return jsonAnswer(res, 401, { code: 401, message: 'Missing authorization header' });
      try {
        await opts.keys.verify(m[1]!);
      } catch {
        return jsonAnswer(res, 401, { code: 401, message: 'Invalid JWT' });
      }
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined || k === 'host' || k === 'connection') continue;
      headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    const hasBody = method !== 'GET' && method !== 'HEAD';
    // As on the hosted runtime, the function sees its own path (/<name>/…), not the /functions/v1 prefix.
    const request = new Request(`${url}/${rest}${search}`, {
      method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream) : undefined,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    let response: Response | null;
    try {
      response = await run(name, request, req.socket.remoteAddress ?? '127.0.0.1');
    } catch (err) {
      log(`functions: ${name} failed: ${(err as Error)?.stack ?? err}`);
      return jsonAnswer(res, 500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    }
    if (!response) return jsonAnswer(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => {
      if (k === 'set-cookie') return;
      out[k] = v;
    });
    const cookies = response.headers.getSetCookie?.() ?? [];
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(response.status, out);
    if (response.body && method !== 'HEAD') {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
    }
    res.end();
    return response.status;
  }

  async function invoke(name: string, body: unknown = {}): Promise<number> {
    const res = await fetch(`${url}${FUNCTIONS_PREFIX}/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer().catch(() => {});
    return res.status;
  }

  function readSchedules(): Schedule[] {
    if (!opts.schedulesFile || !fs.existsSync(opts.schedulesFile)) return [];
    const raw: unknown = JSON.parse(fs.readFileSync(opts.schedulesFile, 'utf8'));
    if (!Array.isArray(raw)) throw new Error(`${opts.schedulesFile}: expected a JSON array of schedules`);
    return raw.map((entry, i) => parseSchedule(entry, `${opts.schedulesFile}[${i}]`));
  }

  function start(serverUrl: string): void {
    url = serverUrl;
    const schedules = readSchedules();
    if (schedules.length === 0) return;
    const lastRun = new Map<string, number>();
    const running = new Set<string>();
    const tick = () => {
      const now = new Date();
      for (const s of schedules) {
        // The ticks come about a second apart, a few milliseconds either way: an interval schedule is due half a tick
        // early, so 'every 1 seconds' runs at every tick rather than at every other one when a tick comes early.
        const due =
          s.everySeconds !== null
            ? Date.now() - (lastRun.get(s.name) ?? 0) >= s.everySeconds * 1000 - 500
            : now.getUTCSeconds() === 0 && cronMatches(s.cron!, now) && Date.now() - (lastRun.get(s.name) ?? 0) > 1500;
        // Like pg_cron, a run still going is not started again.
        if (!due || running.has(s.name)) continue;
        lastRun.set(s.name, Date.now());
        running.add(s.name);
        invoke(s.function, s.body)
          .then((status) => log(`functions: schedule ${s.name} → ${s.function} ${status}`))
          .catch((err) => log(`functions: schedule ${s.name} failed: ${err}`))
          .finally(() => running.delete(s.name));
      }
    };
    timer = setInterval(tick, 1000);
    timer.unref?.();
    log(`functions: ${schedules.length} schedule(s) from ${opts.schedulesFile}`);
  }

  return {
    serve,
    start,
    invoke,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
