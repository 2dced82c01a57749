// Tells whether a Supabase session is stored in this browser, without loading supabase-js
// (public pages must stay tiny; they only need to know which header buttons to show).
import { SUPABASE_URL, sessionStorageKey } from '../data/session-key';

/** True when a session with tokens is stored (it may be expired: supabase-js refreshes it on the next page). */
export function hasStoredSession(
  supabaseUrl: string = SUPABASE_URL,
  storage: Pick<Storage, 'getItem'> | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): boolean {
  if (!storage) return false;
  try {
    const raw = storage.getItem(sessionStorageKey(supabaseUrl));
    if (!raw) return false;
    const session = JSON.parse(raw) as { access_token?: unknown; refresh_token?: unknown } | null;
    return Boolean(session && typeof session.access_token === 'string' && typeof session.refresh_token === 'string');
  } catch {
    return false;
  }
}
