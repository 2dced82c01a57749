// A signed-in screen's first requests, sent by an inline script (src/boot/early-requests.ts) while the page parses,
// so the answers are on their way while the screen's JavaScript downloads; the REST client then takes the answer
// (early-fetch.ts) instead of asking again. At build time the page runs the screen's own data calls against a recorder
// (request-recorder.ts), which keeps each request as the REST client would send it, with slots for the user's id and
// the address's id. A request the screen does not make after all (another filter, another user) is never taken.
import { ROUTE_SLOT, USER_SLOT } from '../util/request-slots';

export { ROUTE_SLOT, USER_SLOT };

export interface EarlyRequest {
  method: string;
  /** The URL after the API's base URL (`rest/v1/...`). */
  path: string;
  /** Every header but Authorization, which comes from the stored session. */
  headers: Record<string, string>;
  body: string | null;
}

/** What the inline script leaves for the REST client: one entry per request, taken at most once. */
export interface EarlyEntry {
  key: string;
  /** The request as recorded, `METHOD path` with its slots: what a pre-paint asks for. */
  recorded: string;
  authorization: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyRequests?: EarlyEntry[];
  }
}

/** The headers that shape an answer: part of the key a request is matched by. */
const SHAPING_HEADERS = ['accept', 'accept-profile', 'content-profile', 'content-type', 'prefer', 'range'];

/** The key a request is matched by: method, full URL, body and the headers that shape the answer. */
export function requestKey(method: string, url: string, headers: Headers, body: string | null): string {
  const shaping = SHAPING_HEADERS.map((h) => `${h}:${headers.get(h) ?? ''}`).join('\n');
  return `${method.toUpperCase()} ${url}\n${shaping}\n${body ?? ''}`;
}

/**
 * The answer the inline script already asked for, for this exact request and token, or null. Taken once: a second
 * identical request (a retry, a refresh) goes to the network.
 */
export function takeEarlyResponse(key: string, authorization: string): Promise<Response> | null {
  const entries = typeof window === 'undefined' ? undefined : window.__earlyRequests;
  const at = entries?.findIndex((e) => e.key === key && e.authorization === authorization) ?? -1;
  if (!entries || at < 0) return null;
  const [entry] = entries.splice(at, 1);
  return entry!.response;
}
