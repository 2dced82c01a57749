// A signed-in screen's first requests, sent by an inline script while the page is still parsing, so the answers are
// on their way while the screen's JavaScript downloads; the REST client then takes the answer instead of asking again.
//
// The requests are not written by hand: at build time the page runs the screen's own data calls against a recorder
// (`recordRequests` in supabase.ts), which keeps each request exactly as the REST client would send it, with two slots
// for what only the browser knows: the signed-in user's id and the id in the page's address. A request the screen
// does not make after all (another filter, another user) is simply never taken; nothing is answered from it.
//
// The script runs only with a complete stored session whose token is valid for at least another minute (the rule of
// stored-session.ts), for the audience the page is for, and with no query string (a filtered list asks for other rows).

import { REST_VIA_SITE } from './session-key';
import { MARGIN_MS } from './stored-session';
import { UUID } from '../util/ids';

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

/** Source of `seg`, for an inline script: the page address's last path segment, decoded (what ROUTE_SLOT stands for). */
export const ROUTE_SEGMENT = 'const seg=decodeURIComponent(location.pathname.split("/").filter(Boolean).pop()||"");';

/** JSON for inside a <script>: `<` escaped, so no value can close the element. */
export const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Source of an expression, for an inline script, that reads the session supabase-js stored for the API at `apiUrl`
 * (parsed, not checked). The key is derived in the browser from the URL as written in the page (as supabase-js does),
 * not at build time: a build made for one API URL can have it replaced in its files afterwards (the test builds are).
 */
export const storedSessionExpression = (apiUrl: string) =>
  `JSON.parse(localStorage.getItem("sb-"+new URL(${json(apiUrl)}).hostname.split(".")[0]+"-auth-token"))`;

/**
 * The inline script that sends `requests` for a page of `audience` ('client' pages skip an admin's session, 'admin'
 * pages anyone else's). Each answer is kept under the key `requestKey` gives, computed the same way in the browser.
 * With `viaSite`, the requests go to the page's own origin, as the REST client's do (`restBaseUrl`).
 */
export function earlyRequestsScript(
  apiUrl: string,
  audience: 'client' | 'admin',
  requests: EarlyRequest[],
  viaSite: boolean = REST_VIA_SITE,
): string {
  if (requests.length === 0) return '';
  const base = new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href;
  const restBase = viaSite ? 'location.origin+"/"' : json(base);
  return (
    '(()=>{try{if(location.search)return;' +
    `const s=${storedSessionExpression(base)};` +
    'if(!s||typeof s.access_token!=="string"||typeof s.refresh_token!=="string"||typeof s.expires_at!=="number"' +
    `||s.expires_at*1000-Date.now()<${MARGIN_MS}||!s.user||typeof s.user.id!=="string")return;` +
    `if((s.user.app_metadata?.role==="admin")!==${json(audience === 'admin')})return;` +
    ROUTE_SEGMENT +
    `const uuid=${String(UUID)};` +
    'const fill=t=>t.split(' +
    json(USER_SLOT) +
    ').join(s.user.id).split(' +
    json(ROUTE_SLOT) +
    ').join(seg);' +
    `const shaping=${json(SHAPING_HEADERS)};` +
    'const out=[];' +
    `for(const r of ${json(requests)}){` +
    `if(r.path.includes(${json(ROUTE_SLOT)})&&!uuid.test(seg))continue;` +
    `const url=${restBase}+fill(r.path);const body=r.body===null?null:fill(r.body);` +
    'const headers=new Headers(r.headers);const authorization="Bearer "+s.access_token;headers.set("Authorization",authorization);' +
    'const key=r.method.toUpperCase()+" "+url+"\\n"+shaping.map(h=>h+":"+(headers.get(h)??"")).join("\\n")+"\\n"+(body??"");' +
    'const response=fetch(url,{method:r.method,headers,body});response.catch(()=>{});out.push({key,authorization,response})}' +
    'window.__earlyRequests=(window.__earlyRequests||[]).concat(out)}catch{}})()'
  );
}
