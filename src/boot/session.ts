// The session supabase-js stored for the API, read by the boot scripts before any module has loaded.
import { authTokenKey } from '../lib/util/session-storage-key';

export interface BootSession {
  access_token: string;
  refresh_token: string;
  expires_at?: unknown;
  user: { id: string; email?: unknown; app_metadata?: { role?: unknown }; user_metadata?: Record<string, unknown> };
}

/** The stored session for `apiUrl` with both tokens and a user id, or null. */
export function storedSession(apiUrl: string): BootSession | null {
  try {
    const s = JSON.parse(localStorage.getItem(authTokenKey(apiUrl)) ?? 'null') as BootSession | null;
    if (!s || typeof s.access_token !== 'string' || typeof s.refresh_token !== 'string') return null;
    return s.user && typeof s.user.id === 'string' ? s : null;
  } catch {
    return null;
  }
}
