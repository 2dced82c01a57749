// Painting the client's project detail (/projects/{id}) from the page's early answer, before the screen's island has
// started (the rules every pre-paint follows are in prepaint.ts).
//
// The view is not written here: the page renders the screen's own loaded view at build time, once per status (the
// status badge and whether a progress bar is drawn depend on it), into <template> elements whose project is made of
// placeholders (placeholderProject in prepaint.ts). The script clones the template of the project's status, fills the
// placeholders (fillSlots), writes the plan's name and price, sets the progress bar, and puts the view in place of the
// frame's loading state. The templates draw the header's actions of their status ('Excluir' for a pending project,
// else 'Solicitar cancelamento', whose link carries the id placeholder).
//
// It paints nothing when the answer is not this address's project, or when this tab keeps unsaved edits of it (the
// screen then opens in edit mode, which is not what the templates draw).

import { json } from './prepaint';
import { FILL_SLOTS, FMT_DATE, HAND_OVER, EARLY_ANSWER, PLACEHOLDER, PLAN_TEXTS, SET_BAR, STATUS_TEMPLATE, prepaintScript, prepaintStart } from './prepaint';

export interface PrepaintProjectOptions {
  /** The Supabase URL the app is built with (for the stored session's key). */
  apiUrl: string;
  /** The screen's read of the project as recorded (`rest/v1/...`, with the route slot). */
  requestPath: string;
  /** The name the painted project is handed over under (pre-painted rows, keyed by the project's id). */
  list: string;
  /** The sessionStorage key of a project's unsaved edits, without the project's id at its end. */
  draftKeyPrefix: string;
}

/**
 * The project detail's inline script: when the early answer is this address's project, fills the template
 * `template[data-prepaint-project-view="<status>"]` with it and puts it in place of the frame `[data-prepaint-project]`.
 */
export function prepaintProjectScript({ apiUrl, requestPath, list, draftKeyPrefix }: PrepaintProjectOptions): string {
  return prepaintScript(
    prepaintStart(apiUrl, '[data-prepaint-project]') +
      EARLY_ANSWER +
      `const entry=earlyEntry("GET",${json(requestPath)});if(!entry)return;` +
      // Unsaved edits of this project in this tab: the screen opens its form.
      `if(sessionStorage.getItem(${json(draftKeyPrefix)}+seg)!==null)return;` +
      HAND_OVER +
      FILL_SLOTS +
      FMT_DATE +
      SET_BAR +
      STATUS_TEMPLATE +
      PLAN_TEXTS +
      'const str=v=>typeof v==="string";const opt=v=>v===null||v===undefined||str(v);' +
      // The screen writes a date only when there is one.
      'const day=v=>v?fmtDate(v):"";' +
      'held=true;readAnswer(entry).then(r=>{' +
      'if(!r||typeof r!=="object"||Array.isArray(r)||r.id!==seg||!str(r.title)||!str(r.status)||!opt(r.description)' +
      '||!opt(r.created_at)||!opt(r.updated_at)||!(r.progress===null||r.progress===undefined||typeof r.progress==="number")' +
      '||!island.hasAttribute("ssr")||!frame.isConnected){settle();return}' +
      'const el=statusTemplate("data-prepaint-project-view",r.status);' +
      `fillSlots(el,{${json(PLACEHOLDER.id)}:r.id,${json(PLACEHOLDER.title)}:r.title,${json(PLACEHOLDER.description)}:r.description??"",` +
      `${json(PLACEHOLDER.createdText)}:day(r.created_at),${json(PLACEHOLDER.updatedText)}:day(r.updated_at)});` +
      // The plan bought and its monthly price ('Plano Contratado').
      'el.querySelector("[data-plan-name]").textContent=planName(r.plan);' +
      'el.querySelector("[data-plan-price]").textContent=planPrice(r.monthly_price);' +
      // The screen draws the bar for every status but pending (showsProgressField), with no progress as 0%.
      'const b=el.querySelector("[role=progressbar]");if(b)setBar(b,r.progress??0);' +
      'el.setAttribute("data-screen-fallback","");frame.replaceWith(el);' +
      `handOver(${json(list)},seg,[r],null,false)` +
      '}).catch(settle)',
  );
}
