// Tells whether a Supabase session is stored in this browser, without loading supabase-js
// (public pages must stay tiny; they only need to know which header buttons to show).

/** The localStorage key supabase-js uses: `sb-<first label of the API host>-auth-token`. */
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** True when a session with tokens is stored (it may be expired: supabase-js refreshes it on the next page). */
export function hasStoredSession(
  supabaseUrl: string = import.meta.env.PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321',
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
