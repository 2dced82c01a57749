// How a live screen folds a change into the rows it shows. Rows are matched by id, so a row this browser wrote itself
// (already on screen from the write's answer) and the same row arriving from Realtime end up as one row, in either
// order. Pure functions: the screens' hooks call them inside state updates.

type WithId = { id: string };

/** The id of a changed row: the new record's, else the old record's (a delete carries the primary key). */
export function changedId(change: { row: Record<string, unknown> | null; old: Record<string, unknown> | null }): string | null {
  const id = change.row?.id ?? change.old?.id;
  return typeof id === 'string' ? id : null;
}

/** `rows` with `row` in place of the row of the same id, or with `row` added where `order` puts it. */
export function upsertRow<T extends WithId>(rows: readonly T[], row: T, order: (a: T, b: T) => number): T[] {
  const at = rows.findIndex((r) => r.id === row.id);
  if (at >= 0) {
    const next = rows.slice();
    next[at] = row;
    return next;
  }
  const next = [...rows, row];
  next.sort(order);
  return next;
}

/** `rows` without the row of id `id` (the same array when it is not there, so React keeps the render). */
export function removeRow<T extends WithId>(rows: readonly T[], id: string): T[] {
  return rows.some((r) => r.id === id) ? rows.filter((r) => r.id !== id) : (rows as T[]);
}

/** Rows in the order they are read: oldest first, ties by id (a conversation). */
export const oldestFirst = <T extends WithId & { created_at: string }>(a: T, b: T): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/** Newest first, ties by id descending (timelines). */
export const newestFirst = <T extends WithId & { created_at: string }>(a: T, b: T): number => oldestFirst(b, a);

/** `a` and `b` together, each id once (`b`'s version wins), in `order`. */
export function unionRows<T extends WithId>(a: readonly T[], b: readonly T[], order: (x: T, y: T) => number): T[] {
  const byId = new Map<string, T>();
  for (const r of a) byId.set(r.id, r);
  for (const r of b) byId.set(r.id, r);
  return [...byId.values()].sort(order);
}

/**
 * A paged list after its first page was read again: the fresh first page replaces the rows shown from the start of the
 * list, and the rows shown below it stay, so nobody loses a row they saw.
 * - A row pushed past the first page by newer rows stays, right after the fresh page, in its place in the list: every
 *   shown row that comes after the last row the fresh page still has is kept (rows loaded with 'Carregar mais' too).
 * - A row that was among the fresh page's rows and is not in it any more was deleted or no longer matches the
 *   filters: it goes away.
 * The server's list then starts with exactly the rows shown (when nothing else changed), so 'Carregar mais', which asks
 * from the number of rows shown, continues right after the last one. When the fresh page is the whole list, it is the
 * list.
 */
export function refreshFirstPage<T>(
  current: { rows: readonly T[]; hasMore: boolean },
  fresh: { rows: readonly T[]; hasMore: boolean },
  key: (row: T) => unknown,
): { rows: T[]; hasMore: boolean } {
  if (!fresh.hasMore) return { rows: [...fresh.rows], hasMore: false };
  const ids = new Set(fresh.rows.map(key));
  let lastShared = -1;
  current.rows.forEach((row, i) => {
    if (ids.has(key(row))) lastShared = i;
  });
  const below = current.rows.slice(lastShared + 1);
  // Nothing shown below the fresh page: the server has rows this list has not shown yet.
  return { rows: [...fresh.rows, ...below], hasMore: below.length > 0 ? current.hasMore : true };
}
