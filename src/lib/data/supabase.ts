// The one Supabase client of a page. Only modules in src/lib import it; components and islands call those modules.
//
// Built from supabase-js's own parts, auth-js (GoTrue) and postgrest-js (REST), wired exactly as createClient()
// wires them (same storage key, apikey/Authorization headers, schema headers), but without realtime and functions:
// the live screens get realtime-js from live.ts, after the first view. Storage (storage-js, the project documents) is loaded only when a screen first asks
// for it (`storage()`), so it is not part of any screen's first chunk.
//
// The auth client is not in the page's first chunk either: `supabase.auth` is a stand-in whose methods load auth-js
// on first call, and REST calls take the access token straight from the stored session while it is fresh
// (stored-session.ts), so a signed-in screen's first request does not wait for the auth client. The auth store
// starts it right after the first view, to refresh tokens and report auth events.
import { PostgrestClient } from '@supabase/postgrest-js';
import type { StorageClient } from '@supabase/storage-js';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { SUPABASE_KEY, SUPABASE_URL, restBaseUrl, sessionStorageKey } from './session-key';
import { freshStoredSession } from './stored-session';
import { firstDataTracker } from './first-data';
import { ROUTE_SLOT, USER_SLOT, requestKey, takeEarlyResponse, type EarlyRequest } from './early-requests';
import { xhrFetch, type UploadProgress } from './xhr-fetch';

export { SUPABASE_URL };
if (!SUPABASE_KEY && import.meta.env.DEV) {
  console.warn('PUBLIC_SUPABASE_PUBLISHABLE_KEY não definido: use `npm run dev` ou defina as variáveis de ambiente.');
}

export type AppSupabaseClient = Pick<SupabaseClient<Database>, 'auth' | 'from' | 'rpc'>;
export type { StorageClient };
type Auth = AppSupabaseClient['auth'];
type AuthClient = InstanceType<typeof import('@supabase/auth-js').AuthClient>;
type AuthListener = Parameters<Auth['onAuthStateChange']>[0];

/** The requests being recorded (build time, see `recordRequests`) and the session the data calls see meanwhile. */
let recording: { requests: EarlyRequest[]; session: Session } | null = null;

/** What the data calls see while recording: a session whose user id is the user slot (an admin's for admin pages). */
const recordingSession = (audience: 'client' | 'admin') =>
  ({
    access_token: 'recording',
    refresh_token: 'recording',
    expires_at: 0,
    expires_in: 0,
    token_type: 'bearer',
    user: { id: USER_SLOT, app_metadata: audience === 'admin' ? { role: 'admin' } : {}, user_metadata: {}, aud: 'authenticated', created_at: '' },
  }) as unknown as Session;

function record(base: string, input: RequestInfo | URL, init: RequestInit | undefined): Response {
  const url = String(input instanceof Request ? input.url : input);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    if (name !== 'authorization') headers[name] = value;
  });
  const body = typeof init?.body === 'string' ? init.body : null;
  recording!.requests.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.slice(base.length), headers, body });
  return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The recordings asked for so far, one after another (a page renders its components concurrently). */
let recordings: Promise<unknown> = Promise.resolve();

/** Each screen's calls are recorded once per audience: a call that remembers its answer sends nothing the second time. */
const recorded = new WeakMap<object, Map<string, Promise<EarlyRequest[]>>>();

/**
 * Runs a screen's first data calls at build time and returns the requests they would send, with the user's id and the
 * address's id as slots (`calls` gets them), for the page's early-requests script. Nothing is sent: every request is
 * answered with an empty list. Recordings run one at a time, each after the previous one has finished; the same
 * `calls` asked again (the early requests and the pre-paint of one page) gets the same recording.
 */
export function recordRequests(
  calls: (slots: { user: string; route: string }) => Promise<unknown>,
  audience: 'client' | 'admin' = 'client',
): Promise<EarlyRequest[]> {
  const byAudience = recorded.get(calls) ?? new Map<string, Promise<EarlyRequest[]>>();
  recorded.set(calls, byAudience);
  const known = byAudience.get(audience);
  if (known) return known;
  const next = recordings.then(() => recordAlone(calls, audience));
  recordings = next.catch(() => undefined);
  byAudience.set(audience, next);
  return next;
}

/**
 * The one request of the recorded `calls` (see recordRequests) whose method is `method` and whose path starts with
 * `pathStart`; a build error when the calls send no such request (a page would otherwise paint nothing, silently).
 */
export async function recordedRequest(
  calls: (slots: { user: string; route: string }) => Promise<unknown>,
  method: string,
  pathStart: string,
  audience: 'client' | 'admin' = 'client',
): Promise<EarlyRequest> {
  const found = (await recordRequests(calls, audience)).find((r) => r.method === method && r.path.startsWith(pathStart));
  if (!found) throw new Error(`the recorded calls send no ${method} ${pathStart}… request`);
  return found;
}

async function recordAlone(
  calls: (slots: { user: string; route: string }) => Promise<unknown>,
  audience: 'client' | 'admin',
): Promise<EarlyRequest[]> {
  const requests: EarlyRequest[] = [];
  recording = { requests, session: recordingSession(audience) };
  try {
    await calls({ user: USER_SLOT, route: ROUTE_SLOT }).catch(() => undefined);
  } finally {
    recording = null;
  }
  return requests;
}

/** Sends a REST request, or takes the answer the page's early-requests script already asked for (once). */
function sendOrTakeEarly(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  const body = init?.body == null ? null : typeof init.body === 'string' ? init.body : undefined;
  if (body !== undefined && !(input instanceof Request)) {
    const headers = new Headers(init?.headers);
    const early = takeEarlyResponse(requestKey(init?.method ?? 'GET', String(input), headers, body), headers.get('Authorization') ?? '');
    // A failed early request (offline for a moment) is asked again, as the screen would have.
    if (early) return early.catch(() => fetch(input, init));
  }
  return fetch(input, init);
}

/**
 * `auth` for the app: every method loads the real client on first call and forwards to it. onAuthStateChange, the one
 * synchronous method, answers at once with a subscription that attaches to the real client once it has loaded;
 * getSession answers from the stored session while it is fresh (the client would return that same stored session).
 */
function lazyAuth(load: () => Promise<AuthClient>): Auth {
  const onAuthStateChange = (callback: AuthListener) => {
    let unsubscribed = false;
    let detach: (() => void) | null = null;
    void load().then((client) => {
      if (unsubscribed) return;
      detach = client.onAuthStateChange(callback as never).data.subscription.unsubscribe;
    });
    const subscription = {
      id: `lazy-${Math.random().toString(36).slice(2)}`,
      callback,
      unsubscribe: () => {
        unsubscribed = true;
        detach?.();
      },
    };
    return { data: { subscription } };
  };
  return new Proxy({} as Auth, {
    get(_target, prop) {
      if (prop === 'onAuthStateChange') return onAuthStateChange;
      if (prop === 'then') return undefined; // not a thenable
      if (prop === 'getSession') {
        return () => {
          if (recording) return Promise.resolve({ data: { session: recording.session }, error: null });
          const stored = freshStoredSession();
          if (stored) return Promise.resolve({ data: { session: stored as unknown as Session }, error: null });
          return load().then((client) => client.getSession());
        };
      }
      return (...args: unknown[]) =>
        load().then((client) => (client[prop as keyof AuthClient] as (...a: unknown[]) => unknown).apply(client, args));
    },
  });
}

function createAppClient(url: string, key: string) {
  const base = new URL(url.endsWith('/') ? url : `${url}/`);
  let client: Promise<AuthClient> | null = null;
  const loadAuth = () =>
    (client ??= import('@supabase/auth-js').then(
      ({ AuthClient }) =>
        new AuthClient({
          url: new URL('auth/v1', base).href,
          headers: { Authorization: `Bearer ${key}`, apikey: key },
          storageKey: sessionStorageKey(base.href),
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: true,
          flowType: 'implicit',
        }),
      (e: unknown) => {
        // A failed load (offline) is forgotten, so the next call tries again.
        client = null;
        throw e;
      },
    ));
  const auth = lazyAuth(loadAuth);

  // REST and Storage calls carry the signed-in user's access token (or the anon key).
  const withAuth =
    (send: typeof fetch): typeof fetch =>
    async (input, init) => {
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', key);
      if (!headers.has('Authorization')) {
        const { data } = await auth.getSession();
        headers.set('Authorization', `Bearer ${data.session?.access_token ?? key}`);
      }
      return send(input, { ...init, headers });
    };
  const restBase = restBaseUrl(undefined, base.href);
  const fetchWithAuth = withAuth((input, init) => {
    if (recording) return Promise.resolve(record(base.href, input, init));
    firstData.started();
    return sendOrTakeEarly(input, init).finally(firstData.settled);
  });
  const rest = new PostgrestClient<Database>(new URL('rest/v1', restBase).href, { schema: 'public', fetch: fetchWithAuth });

  // Storage: the same URL, anon key and user's token as REST; storage-js is fetched on first use only (a failed load,
  // offline, is forgotten so the next call tries again). With `onUploadProgress`, the client sends through
  // XMLHttpRequest, which reports the bytes sent (fetch does not).
  let storageModule: Promise<typeof import('@supabase/storage-js')> | null = null;
  const storage = async (onUploadProgress?: UploadProgress): Promise<StorageClient> => {
    const { StorageClient: Client } = await (storageModule ??= import('@supabase/storage-js').catch((e: unknown) => {
      storageModule = null;
      throw e;
    }));
    const send = onUploadProgress ? withAuth(xhrFetch(onUploadProgress)) : fetchWithAuth;
    return new Client(new URL('storage/v1', base).href, { apikey: key }, send);
  };

  return {
    client: {
      auth,
      from: rest.from.bind(rest) as unknown as AppSupabaseClient['from'],
      rpc: rest.rpc.bind(rest) as unknown as AppSupabaseClient['rpc'],
    } satisfies AppSupabaseClient,
    storage,
    loadAuth,
  };
}

const firstData = firstDataTracker();
const app = createAppClient(SUPABASE_URL, SUPABASE_KEY || 'missing-publishable-key');

/**
 * Resolves when the page's first data has arrived (no REST request in flight after one answered; at most `maxWaitMs`)
 * and the next frame has painted it (a hidden tab paints nothing: there it does not wait for a frame).
 */
export const whenFirstDataIn = (maxWaitMs: number): Promise<void> =>
  firstData.whenIn(maxWaitMs).then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof document === 'undefined' || document.visibilityState === 'hidden') resolve();
        else requestAnimationFrame(() => setTimeout(resolve, 0));
      }),
  );

/**
 * Resolves once the page has loaded and its first data has arrived and painted (at most 3 s after load): what runs
 * then (the auth client, Realtime) never delays, nor shares the network with, the first view.
 */
export const afterFirstView = (): Promise<void> =>
  new Promise<void>((resolve) => {
    const later = () => void whenFirstDataIn(3000).then(resolve);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });

export const supabase: AppSupabaseClient = app.client;

/** A Storage client (storage-js, loaded on first use); with `onUploadProgress`, uploads report the bytes sent. */
export const storage: (onUploadProgress?: UploadProgress) => Promise<StorageClient> = app.storage;

/** Loads the auth client now (token refresh, auth events); the first view does not wait for it. */
export const startAuthClient = (): Promise<unknown> => app.loadAuth();
