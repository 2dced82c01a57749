// Painting the first project cards from the page's early answer, before the screen's island has started (the rules
// every pre-paint follows are in prepaint.ts). Two screens do it: the projects list (its first page) and the dashboard
// (its recent projects).
//
// The cards are not written here: the page renders the screen's own card component at build time, once per status,
// into <template> elements whose project is made of placeholders (placeholderProject in prepaint.ts). The script clones the template
// of each row's status and fills the placeholders (fillSlots), sets or removes the progress bar, and nothing else.

import { json } from './prepaint';
import {
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
