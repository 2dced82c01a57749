// The three GoTrue calls the e-mail link pages (/confirm-email, /reset-password) must make as soon as they open, done
// with fetch instead of supabase-js (≈30 KB gzip) so those pages stay within their 20 KB budget.
// It speaks exactly as auth-js does (the same URLs, headers and bodies for GET /user and POST /verify) and stores the session
// under supabase-js's key and format, so src/lib/stores/auth.ts, imported later when the user acts, finds it — on the local
// Supabase and on a hosted project alike.
import { SUPABASE_KEY, SUPABASE_URL } from '../data/session-key';
import { authTokenKey } from '../util/session-storage-key';
import { errorText } from '../domain/error-texts';

const API_KEY: string = SUPABASE_KEY || 'missing-publishable-key';

/** The parts of a GoTrue user these pages read (the whole object is stored). */
export interface LiteUser {
  id: string;
  email?: string;
  email_confirmed_at?: string | null;
  [key: string]: unknown;
}

/** A session as supabase-js stores it: the token response, `expires_at` filled in, and the user. */
export interface LiteSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: LiteUser;
  [key: string]: unknown;
}

/**
 * An error answered by GoTrue (or a network failure, status 0) with its code; the message is the pt-BR text of
 * lib/domain/error-texts.ts, and what the server said stays in `serverMessage`.
 */
export class GoTrueError extends Error {
  readonly serverMessage: string;
  constructor(
    serverMessage: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(errorText({ code, message: serverMessage, status }));
    this.name = 'GoTrueError';
    this.serverMessage = serverMessage;
  }
}

function endpoint(path: string): string {
  const base = new URL(SUPABASE_URL.endsWith('/') ? SUPABASE_URL : `${SUPABASE_URL}/`);
  return new URL(`auth/v1/${path}`, base).href;
}

async function call(path: string, init: { method: 'GET' | 'POST'; bearer?: string; body?: unknown }): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(endpoint(path), {
      method: init.method,
      headers: {
        apikey: API_KEY,
        Authorization: `Bearer ${init.bearer ?? API_KEY}`,
        'X-Supabase-Api-Version': '2024-01-01',
        'Content-Type': 'application/json;charset=UTF-8',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (e) {
    throw new GoTrueError(e instanceof Error ? e.message : String(e), 0);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    if (res.ok) throw new GoTrueError('Resposta inválida do servidor de autenticação.', res.status);
  }
  if (!res.ok) {
    const b = (body ?? {}) as Record<string, unknown>;
    // auth-js: the message is the first string among msg, message, error_description, error.
    const message = [b.msg, b.message, b.error_description, b.error].find((v): v is string => typeof v === 'string') ?? `HTTP ${res.status}`;
    const code = typeof b.code === 'string' ? b.code : typeof b.error_code === 'string' ? b.error_code : undefined;
    throw new GoTrueError(message, res.status, code);
  }
  return body;
}

/** A token response counts as a session only with access_token, refresh_token and expires_in (as in auth-js). */
function asSession(body: unknown): LiteSession | null {
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.access_token !== 'string' || typeof b.refresh_token !== 'string' || !b.expires_in || !b.user) return null;
  const expiresIn = Number(b.expires_in);
  const expiresAt = b.expires_at ? Number(b.expires_at) : Math.round(Date.now() / 1000) + expiresIn;
  return { ...(b as object), expires_in: expiresIn, expires_at: expiresAt, token_type: String(b.token_type ?? 'bearer') } as LiteSession;
}

/** POST /verify with the link's token_hash (verifyOtp): the session it opens, or null when it opens none. */
export async function verifyTokenHash(tokenHash: string, type: string): Promise<LiteSession | null> {
  const body = await call('verify', { method: 'POST', body: { token_hash: tokenHash, type, gotrue_meta_security: {} } });
  return asSession(body);
}

/** GET /user with an access token. */
export async function getUser(accessToken: string): Promise<LiteUser> {
  const body = (await call('user', { method: 'GET', bearer: accessToken })) as Record<string, unknown>;
  const user = (body.user && typeof body.user === 'object' ? body.user : body) as LiteUser;
  if (typeof user.id !== 'string') throw new GoTrueError('Resposta inválida do servidor de autenticação.', 200);
  return user;
}

/**
 * The session in an implicit-flow redirect's URL hash (`#access_token=...&refresh_token=...&expires_in=...&token_type=...`),
 * completed with its user from GET /user, as supabase-js's detectSessionInUrl does. Null when the hash holds none.
 */
export async function sessionFromHash(hash: string): Promise<LiteSession | null> {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const access_token = h.get('access_token');
  const refresh_token = h.get('refresh_token');
  const expires_in = h.get('expires_in');
  const token_type = h.get('token_type');
  if (!access_token || !refresh_token || !expires_in || !token_type) return null;
  const user = await getUser(access_token);
  const expires_at = h.get('expires_at') ? Number(h.get('expires_at')) : Math.round(Date.now() / 1000) + Number(expires_in);
  return { access_token, refresh_token, expires_in: Number(expires_in), expires_at, token_type, user };
}

const storageKey = () => authTokenKey(SUPABASE_URL);

/** Stores the session where supabase-js (src/lib/stores/auth.ts) reads it. */
export function saveSession(session: LiteSession): void {
  localStorage.setItem(storageKey(), JSON.stringify(session));
}

/** The session stored by supabase-js or saveSession (not refreshed, maybe expired), or null. */
export function storedSession(): LiteSession | null {
  try {
    const raw = localStorage.getItem(storageKey());
    const s = raw ? (JSON.parse(raw) as Partial<LiteSession> | null) : null;
    return s && typeof s.access_token === 'string' && typeof s.refresh_token === 'string' && s.expires_at && s.user ? (s as LiteSession) : null;
  } catch {
    return null;
  }
}

/** Removes the link's parameters from the address bar (what supabase-js does after reading them). */
export function clearUrlHash(): void {
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
}
