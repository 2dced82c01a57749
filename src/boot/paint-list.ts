// The pre-paint of a list screen (prepaint.ts has the rules every pre-paint follows): the first page of rows, each a
// clone of the row's template filled by the generic filler with the screen's own row → fill values function, appended
// to the frame's list container. A second visit paints this user's kept rows (lib/stores/last-rows) at once, as the
// list's first render draws them; a first visit paints the early answer when it arrives, unless it is empty.
import { USER_SLOT } from '../lib/util/request-slots';
import { readLastRows } from '../lib/stores/last-rows';
import type { FillValues } from '../lib/util/fill-marks';
import { fillRow } from './fill';
import { guarded, handOver, settle, startPrepaint } from './prepaint';

export interface PaintListConfig {
  /** The frame's element the rows go into. */
  target: string;
  /** The row's <template>. */
  template: string;
  /** The list's first request as recorded (with the user slot). */
  request: { method: string; path: string };
  /** The list's name and filters the rows are the first page of (as the list's hook keys them; USER_SLOT: the user). */
  list: string;
  key: string;
  /** Rows per page: the request asks for one more, which only tells whether there are more. */
  pageSize: number;
  /** A part of the frame hidden until rows are painted (the table around them). */
  reveal?: string;
}

export function run<Row>(c: PaintListConfig, fill: (row: Row) => FillValues): void {
  guarded(() => {
    const p = startPrepaint(c.target);
    const answer = p?.answer(c.request.method, c.request.path);
    if (!p || !answer) return false;
    const template = document.querySelector<HTMLTemplateElement>(c.template)!;
    const userId = p.session.user.id;
    const key = c.key.split(USER_SLOT).join(userId);
    const paint = (rows: Row[], total: number | null, hasMore: boolean) => {
      // Every row is filled before any is placed: a row that cannot be filled paints nothing.
      p.frame.append(...rows.map((row) => fillRow(template, fill(row))));
      if (c.reveal) document.querySelector(c.reveal)?.removeAttribute('hidden');
      handOver({ list: c.list, key, rows, total, hasMore }, userId);
    };
    const kept = readLastRows<Row>(c.list, userId, key);
    if (kept && kept.rows.length > 0) {
      paint(kept.rows, kept.total ?? null, kept.hasMore === true);
      return true;
    }
    answer
      .then((rows) => {
        if (!Array.isArray(rows) || rows.length === 0 || !p.stillOurs()) settle();
        else paint(rows.slice(0, c.pageSize) as Row[], null, rows.length > c.pageSize);
      })
      .catch(settle);
    return true;
  });
}
