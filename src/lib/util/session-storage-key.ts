// Where supabase-js keeps the session for an API URL: `sb-<first label of the API host>-auth-token` in localStorage.
// Leaf module with no build values, so the inline boot scripts can import it too.

/** The localStorage key supabase-js uses for the API at `apiUrl`. */
export const authTokenKey = (apiUrl: string): string => `sb-${new URL(apiUrl).hostname.split('.')[0]}-auth-token`;
