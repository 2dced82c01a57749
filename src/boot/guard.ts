// The first lines a signed-in screen runs, inline in <head> before anything paints: with no session stored in this
// browser the page goes to /login at once, and an admin screen opened by a signed-in non-admin goes to /dashboard,
// so the screen's frame (drawn from the HTML) is only ever painted for someone who may be signed in. The route guard
// decides again once the auth client has checked the session; row-level security is what actually protects the data.
import { storedSession } from '../lib/util/session-storage-key';

export function run(c: { apiUrl: string; admin: boolean }): void {
  const s = storedSession(c.apiUrl);
  if (!s) location.replace('/login');
  else if (c.admin && s.user.app_metadata?.role !== 'admin') location.replace('/dashboard');
}
