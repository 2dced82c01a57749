// Tells whether a Supabase session is stored in this browser, without loading supabase-js (public pages must stay
// tiny; they only need to know which header buttons to show and where a signed-in visitor goes).
import { SUPABASE_URL } from '../data/session-key';
import { homeForRole, storedSession } from '../util/session-storage-key';

export { homeForRole };

/** True when a session is stored (it may be expired: supabase-js refreshes it on the next page). */
export const hasStoredSession = (apiUrl = SUPABASE_URL) => storedSession(apiUrl) !== null;

/**
 * The landing page of the stored session's user, or null when no session is stored. A hint only: the console's guard
 * checks the role again and sends a non-admin back.
 */
export function storedSessionHome(apiUrl = SUPABASE_URL) {
  const s = storedSession(apiUrl);
  return s && homeForRole(s.user.app_metadata?.role);
}
