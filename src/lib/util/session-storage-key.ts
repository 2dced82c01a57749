// The session supabase-js stores in this browser, read without supabase-js: by the inline boot scripts before any
// module has loaded, by the public pages and by the auth client's first view. Leaf module with no build values, so the
// boot scripts can import it; the API URL always comes from the caller.

/** The localStorage key supabase-js uses for the API at `apiUrl`: `sb-<first label of the API host>-auth-token`. */
export const authTokenKey = (apiUrl: string): string => `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;

export interface BootSession {
  access_token: string;
  refresh_token: string;
  expires_at?: unknown;
  user: { id: string; email?: unknown; app_metadata?: { role?: unknown }; user_metadata?: Record<string, unknown> };
}

/** The stored session for `apiUrl` with both tokens and a user id (maybe expired: the auth client refreshes it), or null. */
export function storedSession(apiUrl: string): BootSession | null {
  try {
    const s = JSON.parse(localStorage.getItem(authTokenKey(apiUrl))!) as BootSession;
    return typeof s.access_token == 'string' && typeof s.refresh_token == 'string' && typeof s.user.id == 'string' ? s : null;
  } catch {
    // None (null has no tokens), not JSON, no user, or no localStorage at all.
    return null;
  }
}

/** A token this close to expiring is not used: the auth client refreshes it first. */
export const MARGIN_MS = 60_000;

/** Whether a session expiring at `expiresAt` (seconds since the epoch) is valid for at least another MARGIN_MS. */
export const isFresh = (expiresAt: unknown, now = Date.now()): boolean =>
  typeof expiresAt === 'number' && expiresAt * 1000 - now >= MARGIN_MS;

/** Where a signed-in user lands, by the role only the server writes (app_metadata): the console for the staff. */
export const homeForRole = (role: unknown): '/admin/dashboard' | '/dashboard' => (role === 'admin' ? '/admin/dashboard' : '/dashboard');
