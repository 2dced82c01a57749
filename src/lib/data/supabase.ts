// The one Supabase client of a page. Only modules in src/lib import it; components and islands call those modules.
//
// Built from supabase-js's own parts, auth-js (GoTrue) and postgrest-js (REST), wired exactly as createClient()
// wires them (same storage key, apikey/Authorization headers, schema headers), but without realtime and functions:
// the live screens get realtime-js from live.ts, after the first view. Storage (storage-js, the project documents) is
// loaded only when a screen first asks for it (`storage()`), so it is not part of any screen's first chunk.
//
// The auth client is not in the page's first chunk either: `supabase.auth` is a stand-in whose methods load auth-js
// on first call, and REST calls take the access token straight from the stored session while it is fresh
// (stored-session.ts), so a signed-in screen's first request does not wait for the auth client. The auth store
// starts it right after the first view, to refresh tokens and report auth events.
//
// REST calls pass through two fetch middlewares: the access token (`withAuth`) and the answers the page's
// early-requests script already asked for (early-fetch.ts). At build time, and only in the server build, the
// request recorder (request-recorder.ts) answers them instead.
import { PostgrestClient } from '@supabase/postgrest-js';
import type { StorageClient } from '@supabase/storage-js';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { SUPABASE_KEY, SUPABASE_URL, restBaseUrl } from './session-key';
import { authTokenKey } from '../util/session-storage-key';
import { freshStoredSession } from './stored-session';
import { firstDataTracker } from './first-data';
import { takeEarlyAnswers } from './early-fetch';
import { recordedAnswer, recordingSession } from './request-recorder';
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
          const recorded = import.meta.env.SSR ? recordingSession() : null;
          if (recorded) return Promise.resolve({ data: { session: recorded }, error: null });
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
          storageKey: authTokenKey(base.href),
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
  const sendEarlyFirst = takeEarlyAnswers((input, init) => fetch(input, init));
  const fetchWithAuth = withAuth((input, init) => {
    // The build records a screen's first requests instead of sending them (request-recorder.ts, server build only).
    const recorded = import.meta.env.SSR ? recordedAnswer(base.href, input, init) : null;
    if (recorded) return Promise.resolve(recorded);
    firstData.started();
    return sendEarlyFirst(input, init).finally(firstData.settled);
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
