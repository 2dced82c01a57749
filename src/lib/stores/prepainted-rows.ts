// Rows a page's inline script already painted from its early answers, before the screen's island started (the
// projects list, the dashboard, the project detail). The script leaves them here with the user they were fetched for
// and the list and filters they are the first page of; the screen's first render reads them, so it draws the same
// rows in the same place instead of a skeleton, and the fresh answer then refreshes them in place. Only that same
// user for that same list and filters gets them: anything else drops them, and the screen loads as it otherwise would.
// The screen forgets them once its first render is on screen (forgetPrepaintedRows in an effect), not when it reads
// them: React may run a first render more than once before committing it (a render interrupted by an update starts
// over, state initializers included), and each run must find the same rows.
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

/** The rows painted for `list` with the filters `key` for `userId`, or null; rows left for anyone or anything else are dropped. */
export function prepaintedRows<T>(list: string, userId: string | null | undefined, key: string): LastRows<T> | null {
  if (typeof window === 'undefined') return null;
  const left = window.__prepaintedRows;
  if (!left || left.list !== list) return null;
  if (!userId || left.userId !== userId || left.key !== key || !Array.isArray(left.rows)) {
    delete window.__prepaintedRows;
    return null;
  }
  return { key: left.key, rows: left.rows as T[], total: left.total ?? null, hasMore: left.hasMore === true };
}

/** Drops the rows painted for `list`, once the screen has drawn them (they are then older than what it shows). */
export function forgetPrepaintedRows(list: string): void {
  if (typeof window !== 'undefined' && window.__prepaintedRows?.list === list) delete window.__prepaintedRows;
}
