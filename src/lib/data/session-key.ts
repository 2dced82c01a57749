// Where this site's Supabase session lives in the browser. Leaf module (no imports): the public pages read the stored
// session through it without loading supabase-js, and the supabase-js client stores it under the same key.

/** API URL the site was built for; the local Supabase of `npm start` when the build had no env. */
export const SUPABASE_URL: string = import.meta.env.PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321';

/** The localStorage key supabase-js uses: `sb-<first label of the API host>-auth-token`. */
export function sessionStorageKey(supabaseUrl: string = SUPABASE_URL): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
