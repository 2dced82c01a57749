// The dashboard's pre-paint (prepaint.ts has the rules every pre-paint follows), into the frame its island's fallback
// drew (DashboardFrame): the account's name at once (the stored session has it), into the welcome line that stays
// invisible until the greeting is known. Then, from the figures this user last saw here (lib/stores/last-rows) at once,
// with 'de volta', else from the three early answers (the visit record, the counts, the recent projects) once all are
// in and OK: the greeting, the four counts and the recent projects (or the empty state). Every part is filled by the
// generic filler from the values the screen's own parts render from (dashboard-fill.ts), the counts by the screen's
// own rule; all is built before anything is placed, so figures the parts cannot show paint nothing.
import { countsFill, greetingName, headerFill, recentFill, recentItemFill } from '../components/dashboard/dashboard-fill';
import type { ProjectCardRow } from '../components/projects/project-card-fill';
import { projectCountsOf, type ProjectCounts } from '../lib/domain/project-rules';
import { readLastRows } from '../lib/stores/last-rows';
import { fillIn, fillRow } from './fill';
import { guarded, handOver, settle, startPrepaint } from './prepaint';

/** The `data-fill-template` names of the recent projects' section and of one card (PaintDashboard.astro renders them). */
export const TEMPLATES = { recent: 'dashboard-recent', card: 'dashboard-card' } as const;

export interface PaintDashboardConfig {
  /** The first requests as recorded (with the user slot), in this order: the visit record, the counts, the recent projects. */
  requests: { method: string; path: string }[];
  recentCount: number;
  /** The list and key the screen keeps its figures under (and takes what was painted by). */
  list: string;
  key: string;
}

type Figures = { counts: ProjectCounts; recent: ProjectCardRow[] };

const isRow = (r: unknown): r is ProjectCardRow => typeof (r as ProjectCardRow)?.id === 'string' && typeof (r as ProjectCardRow).title === 'string';

export function run(c: PaintDashboardConfig): void {
  guarded(() => {
    const p = startPrepaint('[data-prepaint-dashboard]');
    if (!p) return false;
    const part = (name: string) => p.frame.querySelector(`[data-dashboard="${name}"]`)!;
    const template = (name: string) => document.querySelector<HTMLTemplateElement>(`template[data-fill-template="${name}"]`)!;
    const name = greetingName(p.session.user);
    fillIn(part('header'), headerFill(name, null));
    const answers = c.requests.map((r) => p.answer(r.method, r.path));
    if (answers.includes(null)) return false;
    const all = Promise.all(answers);
    const userId = p.session.user.id;
    const paint = ({ counts, recent }: Figures, firstVisit: boolean) => {
      const values = countsFill(counts);
      if (![values.total, values.completed, values.inProgress, values.pending].every(Number.isFinite) || !recent.every(isRow)) throw new Error('shape');
      const section = fillRow(template(TEMPLATES.recent), recentFill(recent));
      section.querySelector('[data-dashboard="recent-list"]')?.append(...recent.map((row) => fillRow(template(TEMPLATES.card), recentItemFill(row))));
      fillIn(part('header'), headerFill(name, firstVisit));
      fillIn(part('counts'), values);
      part('recent').replaceWith(section);
      handOver({ list: c.list, key: c.key, rows: [{ counts, recent, firstVisit }], total: null, hasMore: false }, userId);
    };
    const kept = readLastRows<Figures>(c.list, userId, c.key)?.rows[0];
    if (kept) {
      all.catch(() => undefined); // not needed: the kept figures are painted
      paint(kept, false);
      return true;
    }
    all
      .then(([visit, tallies, rows]) => {
        if (!Array.isArray(tallies) || !Array.isArray(rows) || !p.stillOurs()) settle();
        else paint({ counts: projectCountsOf(tallies), recent: rows.slice(0, c.recentCount) }, visit === true);
      })
      .catch(settle);
    return true;
  });
}
