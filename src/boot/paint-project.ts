// The pre-paint of the client's project detail, /projects/{id} (prepaint.ts has the rules every pre-paint follows): the
// view's template (the screen's own loaded view, rendered once at build time) filled by the generic filler with the
// view's fill values, in place of the frame's loading state. It paints only an answer of the shape of a project whose
// id is the address's, and nothing while this tab keeps unsaved edits of that project (the screen then opens its form).
import { isProjectDetailRow, projectDetailFill } from '../components/projects/project-detail-fill';
import { fillRow } from './fill';
import { guarded, handOver, routeSegment, settle, startPrepaint } from './prepaint';

export interface PaintProjectConfig {
  /** The loading frame the view replaces, and the view's <template>. */
  frame: string;
  template: string;
  /** The screen's read of the project as recorded (with the route slot). */
  request: { method: string; path: string };
  /** The name the painted project is handed over under (keyed by its id). */
  list: string;
  /** The sessionStorage key of a project's unsaved edits, without the project's id at its end. */
  draftKeyPrefix: string;
}

export function run(c: PaintProjectConfig): void {
  guarded(() => {
    const p = startPrepaint(c.frame);
    const answer = p?.answer(c.request.method, c.request.path);
    const id = routeSegment();
    if (!p || !answer || sessionStorage.getItem(c.draftKeyPrefix + id) !== null) return false;
    answer
      .then((row) => {
        if (!isProjectDetailRow(row) || row.id !== id || !p.stillOurs()) return settle();
        const view = fillRow(document.querySelector<HTMLTemplateElement>(c.template)!, projectDetailFill(row));
        view.setAttribute('data-screen-fallback', '');
        p.frame.replaceWith(view);
        handOver({ list: c.list, key: id, rows: [row], total: null, hasMore: false }, p.session.user.id);
      })
      .catch(settle);
    return true;
  });
}
