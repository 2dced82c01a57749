// The last rows a list showed, kept in this browser so that a second visit paints them at once while the fresh page
// loads. They belong to one account: every entry is stored with the user's id and read only by that same user, and
// signing out or signing in as someone else wipes them all, so one user's rows never reach another's screen.
// Only a list's first page for one filter combination is kept per list; storage errors are swallowed (the list then
// simply loads as on a first visit).

/** Where the kept rows live in localStorage (the projects page's inline script reads them too). */
export const STORAGE_KEY = 'portal-ia:last-rows';
/** Larger first pages are not kept: the cost of writing them on every load outweighs the gain. */
const MAX_CHARS = 250_000;

export interface LastRows<T> {
  /** The filters the rows were loaded for. */
  key: string;
  rows: T[];
  total: number | null;
  hasMore: boolean;
}

interface Stored {
  userId: string;
  lists: Record<string, LastRows<unknown>>;
}

function load(): Stored | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Stored;
    return typeof parsed?.userId === 'string' && parsed.lists && typeof parsed.lists === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** The rows `list` last showed to `userId` for the filters `key`, or null. */
export function readLastRows<T>(list: string, userId: string | null | undefined, key: string): LastRows<T> | null {
  if (!userId) return null;
  const stored = load();
  if (!stored || stored.userId !== userId) return null;
  const entry = stored.lists[list];
  return entry && entry.key === key && Array.isArray(entry.rows) ? (entry as LastRows<T>) : null;
}

/** Keeps the first page `list` just showed to `userId`; entries of any other user are dropped first. */
export function writeLastRows<T>(list: string, userId: string | null | undefined, entry: LastRows<T>): void {
  if (!userId) return;
  try {
    const stored = load();
    const next: Stored = stored && stored.userId === userId ? stored : { userId, lists: {} };
    next.lists[list] = entry;
    const text = JSON.stringify(next);
    if (text.length <= MAX_CHARS) localStorage.setItem(STORAGE_KEY, text);
    else if (stored?.lists[list]) {
      delete next.lists[list];
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    }
  } catch {
    // Storage full or unavailable: the next visit loads as the first did.
  }
}

/** Forgets every kept list: on sign-out, and when another account signs in. */
export function clearLastRows(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Drops what was kept for anyone but `userId` (a sign-in as another account on the same browser). */
export function keepLastRowsOf(userId: string): void {
  const stored = load();
  if (stored && stored.userId !== userId) clearLastRows();
}
