// Painting the first project cards from the page's early answer, before the screen's island has started (the rules
// every pre-paint follows are in prepaint.ts). Two screens do it: the projects list (its first page) and the dashboard
// (its recent projects).
//
// The cards are not written here: the page renders the screen's own card component at build time, once per status,
// into <template> elements whose project is made of placeholders (placeholderProject in prepaint.ts). The script clones the template
// of each row's status and fills the placeholders (fillSlots), sets or removes the progress bar, and nothing else.

import { json } from '../data/early-requests';
import {
  EARLY_ANSWER,
  FILL_SLOTS,
  FMT_DATE,
  HAND_OVER,
  KEPT_ROWS,
  PLACEHOLDER,
  PLAN_TEXTS,
  SET_BAR,
  STATUS_TEMPLATE,
  prepaintScript,
  prepaintStart,
} from './prepaint';

/**
 * Source of `projectCard(attr, r, bar)`: a filled clone of the card template `template[attr="<r's status>"]` for the
 * row `r` (the plan line `[data-plan-summary]` written from its plan and price), its progress bar drawn only when
 * `bar(r)` says so (each screen has its rule).
 */
export const PROJECT_CARD =
  FILL_SLOTS +
  PLAN_TEXTS +
  FMT_DATE +
  SET_BAR +
  STATUS_TEMPLATE +
  'const projectCard=(attr,r,bar)=>{const el=statusTemplate(attr,r.status);' +
  `fillSlots(el,{${json(PLACEHOLDER.id)}:String(r.id),${json(PLACEHOLDER.title)}:String(r.title??""),` +
  `${json(PLACEHOLDER.description)}:String(r.description??""),${json(PLACEHOLDER.createdText)}:fmtDate(r.created_at)});` +
  'el.querySelector("[data-plan-summary]").textContent=planSummary(r.plan,r.monthly_price);' +
  'const b=el.querySelector("[role=progressbar]");if(b){if(bar(r))setBar(b,r.progress??0);else b.parentElement.remove()}' +
  'return el};';

export interface PrepaintOptions {
  /** The Supabase URL the app is built with (for the stored session's key). */
  apiUrl: string;
  /** The list's first request as recorded (`rest/v1/...`, with the user slot). */
  requestPath: string;
  /** The list's name and filters the rows are the first page of (as the list's hook keys them). */
  list: string;
  key: string;
  /** Rows per page: the request asks for one more, which only tells whether there are more. */
  pageSize: number;
}

/**
 * The projects list's inline script: paints the first page into the frame's `[data-prepaint-grid]`, from the
 * templates `template[data-prepaint-card="<status>"]`. A second visit paints this user's kept rows at once, as the
 * list's first render would draw them; a first visit paints the early answer when it arrives, unless it is empty.
 */
export function prepaintCardsScript({ apiUrl, requestPath, list, key, pageSize }: PrepaintOptions): string {
  return prepaintScript(
    prepaintStart(apiUrl, '[data-prepaint-grid]') +
      'const grid=frame;' +
      EARLY_ANSWER +
      `const entry=earlyEntry("GET",${json(requestPath)});if(!entry)return;` +
      KEPT_ROWS +
      HAND_OVER +
      PROJECT_CARD +
      // The list draws a bar for a project with a progress that is not pending (showsProgressBar).
      'const paint=(page,total,hasMore)=>{grid.append(...page.map(r=>projectCard("data-prepaint-card",r,r=>r.status!=="pending"&&r.progress!==null)));' +
      `handOver(${json(list)},${json(key)},page,total,hasMore)};` +
      `const k=kept(${json(list)},${json(key)});held=true;` +
      'if(k){paint(k.rows,k.total??null,k.hasMore===true);return}' +
      'readAnswer(entry).then(rows=>{' +
      'if(!Array.isArray(rows)||rows.length===0||!island.hasAttribute("ssr")||!grid.isConnected){settle();return}' +
      `paint(rows.slice(0,${pageSize}),null,rows.length>${pageSize})` +
      '}).catch(settle)',
  );
}
