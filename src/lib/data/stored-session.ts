// The Supabase session this browser stores, read straight from localStorage without the auth client: a signed-in
// screen can draw its first view and send its first request while the auth client (token refresh, auth events) is
// still downloading. The server checks every token anyway; this only decides what the page tries first.
import { SUPABASE_URL } from './session-key';
import { isFresh, storedSession, type BootSession } from '../util/session-storage-key';

/** A stored session with its expiry (seconds since the epoch). */
export type StoredSession = BootSession & { expires_at: number };

/**
 * The stored session when it is complete and its access token is valid for at least another minute; null otherwise
 * (none, malformed, expired or about to be: then only the auth client, which can refresh it, may answer).
 */
export function freshStoredSession(now = Date.now()): StoredSession | null {
  const s = storedSession(SUPABASE_URL);
  return s && isFresh(s.expires_at, now) ? (s as StoredSession) : null;
}
