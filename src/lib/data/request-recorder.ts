// Build time only: records the requests a screen's first data calls send, for the page's early-requests script and
// its pre-paint. The Supabase client consults it only in the server build (`import.meta.env.SSR`), so none of this
// reaches a browser bundle.
import type { Session } from '@supabase/supabase-js';
import { ROUTE_SLOT, USER_SLOT, type EarlyRequest } from './early-requests';

type Calls = (slots: { user: string; route: string }) => Promise<unknown>;

/** The requests being recorded and the session the data calls see meanwhile. */
let recording: { requests: EarlyRequest[]; session: Session } | null = null;

/** What the data calls see while recording: a session whose user id is the user slot (an admin's for admin pages). */
const sessionFor = (audience: 'client' | 'admin') =>
  ({
    access_token: 'recording',
    refresh_token: 'recording',
    expires_at: 0,
    expires_in: 0,
    token_type: 'bearer',
    user: { id: USER_SLOT, app_metadata: audience === 'admin' ? { role: 'admin' } : {}, user_metadata: {}, aud: 'authenticated', created_at: '' },
  }) as unknown as Session;

/** While a recording runs: the session the data calls see; otherwise null. */
export const recordingSession = (): Session | null => recording?.session ?? null;

/**
 * While a recording runs: records the request (its path after `base`, method, headers but the token, body) and
 * answers it with an empty list, sending nothing; otherwise null.
 */
export function recordedAnswer(base: string, input: RequestInfo | URL, init: RequestInit | undefined): Response | null {
  if (!recording) return null;
  const url = String(input instanceof Request ? input.url : input);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    if (name !== 'authorization') headers[name] = value;
  });
  const body = typeof init?.body === 'string' ? init.body : null;
  recording.requests.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.slice(base.length), headers, body });
  return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The recordings asked for so far, one after another (a page renders its components concurrently). */
let recordings: Promise<unknown> = Promise.resolve();

/** Each screen's calls are recorded once per audience: a call that remembers its answer sends nothing the second time. */
const recorded = new WeakMap<object, Map<string, Promise<EarlyRequest[]>>>();

/**
 * Runs a screen's first data calls and returns the requests they would send, with the user's id and the address's id
 * as slots (`calls` gets them). Nothing is sent: every request is answered with an empty list. Recordings run one at
 * a time, each after the previous one has finished; the same `calls` asked again (the early requests and the
 * pre-paint of one page) gets the same recording.
 */
export function recordRequests(calls: Calls, audience: 'client' | 'admin' = 'client'): Promise<EarlyRequest[]> {
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
  calls: Calls,
  method: string,
  pathStart: string,
  audience: 'client' | 'admin' = 'client',
): Promise<EarlyRequest> {
  const found = (await recordRequests(calls, audience)).find((r) => r.method === method && r.path.startsWith(pathStart));
  if (!found) throw new Error(`the recorded calls send no ${method} ${pathStart}… request`);
  return found;
}

async function recordAlone(calls: Calls, audience: 'client' | 'admin'): Promise<EarlyRequest[]> {
  const requests: EarlyRequest[] = [];
  recording = { requests, session: sessionFor(audience) };
  try {
    await calls({ user: USER_SLOT, route: ROUTE_SLOT }).catch(() => undefined);
  } finally {
    recording = null;
  }
  return requests;
}
