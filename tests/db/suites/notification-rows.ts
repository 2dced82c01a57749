// What the notification suites read back: every notification as the table's owner (what a trigger wrote, who got it),
// emptied at the start of a test, and a fixed order for rows that may share PGlite's clock tick.
import type { Row, TestDb } from '../db.ts';

export function notificationRows(getDb: () => TestDb) {
  return {
    /** Every notification's recipient, kind and texts, oldest first. */
    all: async (): Promise<Row[]> =>
      (await getDb().query('select user_id, kind, title, body, link from public.notifications order by created_at, kind, user_id')).rows,
    /** Removes every notification (the fixture's own too), so a test sees only what it caused. */
    fresh: () => getDb().query('delete from public.notifications'),
  };
}

/**
 * Rows written by one statement or in one instant, in recipient order: each is stamped by clock_timestamp(), and on
 * PGlite two rows can share a tick, so the order they were written in is not what `all` returns.
 */
export const byRecipient = (rows: Row[]): Row[] => [...rows].sort((a, b) => String(a.user_id).localeCompare(String(b.user_id)));
