// Rows a page's inline script already painted from its early answer, before the list's island started (the projects
// list: ProjectsPrepaint.astro). The script leaves them here with the user they were fetched for and the list and
// filters they are the first page of; the list's first render takes them, so it draws the same rows in the same place
// instead of a skeleton, and the fresh answer then refreshes them in place. Taken once, and only by that same user for
// that same list and filters: anything else leaves the list to load as it otherwise would.
import type { LastRows } from './last-rows';

/** What the inline script leaves on `window.__prepaintedRows`. */
export interface PrepaintedRows<T> extends LastRows<T> {
  /** The list's name (as for the last rows). */
  list: string;
  /** The signed-in user the rows were fetched for. */
  userId: string;
}

declare global {
  interface Window {
    __prepaintedRows?: PrepaintedRows<unknown>;
  }
}

/** The rows painted for `list` with the filters `key` for `userId`, or null; they are removed either way. */
export function takePrepaintedRows<T>(list: string, userId: string | null | undefined, key: string): LastRows<T> | null {
  if (typeof window === 'undefined') return null;
  const left = window.__prepaintedRows;
  if (!left || left.list !== list) return null;
  delete window.__prepaintedRows;
  if (!userId || left.userId !== userId || left.key !== key || !Array.isArray(left.rows)) return null;
  return { key: left.key, rows: left.rows as T[], total: left.total ?? null, hasMore: left.hasMore === true };
}
