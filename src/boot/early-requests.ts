// A signed-in screen's first requests, recorded at build time (lib/data/early-requests.ts), sent while the page parses:
// only with a complete stored session whose token is valid for at least another minute, for the audience the page is
// for, and with no query string (a filtered list asks for other rows). The session they were sent with is left for the
// page's pre-paint (prepaint.ts), which takes their answers by the requests as recorded.
import { USER_SLOT, ROUTE_SLOT, requestKey, type EarlyRequest } from '../lib/data/early-requests';
import { isUuid } from '../lib/util/ids';
import { isFresh, storedSession, type BootSession } from '../lib/util/session-storage-key';
import { routeSegment } from './prepaint';

declare global {
  interface Window {
    __bootSession?: BootSession;
  }
}

export interface EarlyRequestsConfig {
  apiUrl: string;
  /** Where REST paths resolve: the API's URL; none for the page's own origin (REST through the site). */
  restBase?: string;
  /** Admin pages skip anyone else's session, client pages an admin's. */
  admin: boolean;
  requests: EarlyRequest[];
}

export function run(c: EarlyRequestsConfig): void {
  try {
    const s = storedSession(c.apiUrl);
    if (location.search || !s || !isFresh(s.expires_at) || (s.user.app_metadata?.role === 'admin') !== c.admin) return;
    const segment = routeSegment();
    const fill = (t: string) => t.split(USER_SLOT).join(s.user.id).split(ROUTE_SLOT).join(segment);
    const authorization = `Bearer ${s.access_token}`;
    const sent = c.requests
      .filter((r) => !r.path.includes(ROUTE_SLOT) || isUuid(segment))
      .map((r) => {
        const url = (c.restBase ?? `${location.origin}/`) + fill(r.path);
        const body = r.body === null ? null : fill(r.body);
        const headers = new Headers(r.headers);
        headers.set('Authorization', authorization);
        const response = fetch(url, { method: r.method, headers, body });
        response.catch(() => undefined);
        return { key: requestKey(r.method, url, headers, body), recorded: `${r.method} ${r.path}`, authorization, response };
      });
    window.__earlyRequests = (window.__earlyRequests ?? []).concat(sent);
    window.__bootSession = s;
  } catch {
    // Nothing sent: the screen asks for its data itself.
  }
}
