// The Supabase session this browser stores, read straight from localStorage without the auth client: a signed-in
// screen can draw its first view and send its first request while the auth client (token refresh, auth events) is
// still downloading. The server checks every token anyway; this only decides what the page tries first.
import { sessionStorageKey } from './session-key';

export interface StoredSession {
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
  user: { id: string; app_metadata?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

/** A token this close to expiring is not used: the auth client refreshes it first. */
export const MARGIN_MS = 60_000;

/**
 * The stored session when it is complete and its access token is valid for at least another minute; null otherwise
 * (none, malformed, expired or about to be: then only the auth client, which can refresh it, may answer).
 */
export function freshStoredSession(
  now = Date.now(),
  storage: Pick<Storage, 'getItem'> | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): StoredSession | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(sessionStorageKey());
    const s = raw ? (JSON.parse(raw) as Partial<StoredSession> | null) : null;
    if (!s || typeof s.access_token !== 'string' || typeof s.refresh_token !== 'string') return null;
    if (typeof s.expires_at !== 'number' || s.expires_at * 1000 - now < MARGIN_MS) return null;
    if (!s.user || typeof s.user.id !== 'string') return null;
    return s as StoredSession;
  } catch {
    return null;
  }
}
