// The slots of a request recorded at build time (lib/data/early-requests.ts) for what only the browser knows.

/** Stands for the signed-in user's id in a recorded request. */
export const USER_SLOT = '00000000-0000-4000-8000-00000000f1f1';
/** Stands for the id in the page's address (its last path segment, which must be a uuid) in a recorded request. */
export const ROUTE_SLOT = '00000000-0000-4000-8000-00000000f2f2';
