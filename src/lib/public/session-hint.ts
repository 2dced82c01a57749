// Tells whether a Supabase session is stored in this browser, without loading supabase-js
// (public pages must stay tiny; they only need to know which header buttons to show).
import { SUPABASE_URL, sessionStorageKey } from '../data/session-key';

/** Where a signed-in user lands: the admin console for the staff, the client area for everyone else. */
export function homeForRole(role: string | null | undefined): '/admin/dashboard' | '/dashboard' {
  return role === 'admin' ? '/admin/dashboard' : '/dashboard';
}

/**
 * The landing page of the stored session's user (its `app_metadata.role`, which only the server writes), or null
 * when no session is stored. A hint only: the console's guard checks the role again and sends a non-admin back.
 */
export function storedSessionHome(
  supabaseUrl: string = SUPABASE_URL,
  storage: Pick<Storage, 'getItem'> | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): '/admin/dashboard' | '/dashboard' | null {
  if (!hasStoredSession(supabaseUrl, storage)) return null;
  try {
    const session = JSON.parse(storage!.getItem(sessionStorageKey(supabaseUrl)) ?? 'null') as {
      user?: { app_metadata?: { role?: unknown } };
    } | null;
    const role = session?.user?.app_metadata?.role;
    return homeForRole(typeof role === 'string' ? role : null);
  } catch {
    return '/dashboard';
  }
}

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
