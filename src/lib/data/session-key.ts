// The Supabase project this site was built for, and where its REST calls go. (The session's key in localStorage is
// authTokenKey of lib/util/session-storage-key.ts, for the URL given here.)

/** API URL the site was built for; the local Supabase of `npm start` when the build had no env. */
export const SUPABASE_URL: string = import.meta.env.PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321';

/**
 * The project's publishable key (`sb_publishable_…`) the site was built with; a build made with the legacy anon JWT
 * key (PUBLIC_SUPABASE_ANON_KEY) uses that. Empty when the build had neither.
 */
export const SUPABASE_KEY: string = import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY || import.meta.env.PUBLIC_SUPABASE_ANON_KEY || '';

/**
 * Whether pages send their REST (PostgREST) calls to the site's own origin, `/rest/v1/...`, which the host forwards to
 * SUPABASE_URL (the build writes that proxy rule into `_redirects`; the dev server does the same): same-origin requests
 * need no CORS preflight and no connection to a second origin before the first rows arrive. Off with
 * PUBLIC_SUPABASE_REST=direct, for a host that cannot proxy to another origin. Outside the browser (the build
 * recording a screen's first requests, tests in Node) REST always goes to SUPABASE_URL. Auth and Storage always do.
 */
export const REST_VIA_SITE: boolean = import.meta.env.PUBLIC_SUPABASE_REST !== 'direct';

/** The base URL REST paths (`rest/v1/...`) resolve against: the page's origin when REST goes through the site. */
export function restBaseUrl(viaSite: boolean = REST_VIA_SITE, apiUrl: string = SUPABASE_URL): string {
  if (viaSite && typeof location !== 'undefined') return `${location.origin}/`;
  return apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
}

