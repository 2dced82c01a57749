// Painting the dashboard from the page's early answers, before the screen's island has started (the rules every
// pre-paint follows are in prepaint.ts): the welcome line with the account's name, the four counts and the recent
// projects, into the frame the island's fallback drew (DashboardFrame, marked `data-prepaint-dashboard`).
//
// The name is written at once (the stored session has it), into the line that stays invisible until the greeting is
// known. On a second visit the figures this user last saw here (lib/stores/last-rows) are painted at once, as the
// screen's first render would draw them, with 'Bem-vindo(a) de volta'; otherwise everything is painted when the three
// answers (the visit record, the counts, the recent projects) have arrived, all OK. The recent projects come from
// the card templates `template[data-prepaint-recent="<status>"]`; their list, the link to all projects and the
// empty state ('Nenhum projeto encontrado') from the templates `data-prepaint-recent-list`, `-link` and `-empty`.

import { json } from './prepaint';
import { projectCountsOf } from '../domain/project-rules';
import { EARLY_ANSWER, HAND_OVER, KEPT_ROWS, prepaintScript, prepaintStart } from './prepaint';
import { PROJECT_CARD } from './prepaint-cards';

export interface DashboardPrepaintOptions {
  /** The Supabase URL the app is built with (for the stored session's key). */
  apiUrl: string;
  /** The three first requests as recorded (`rest/v1/...`, with the user slot). */
  visit: { method: string; path: string };
  counts: { method: string; path: string };
  recent: { method: string; path: string };
  /** How many recent projects the screen shows. */
  recentCount: number;
  /** The name and key the screen keeps its snapshot under (and takes what was painted by). */
  list: string;
  key: string;
  /** The two greetings, as the screen writes them. */
  greetings: { first: string; again: string };
}

export function prepaintDashboardScript(o: DashboardPrepaintOptions): string {
  return prepaintScript(
    prepaintStart(o.apiUrl, '[data-prepaint-dashboard]') +
      // The name, as the screen's greetingName finds it.
      'const md=s.user.user_metadata;const name=(md&&typeof md.full_name==="string"?md.full_name.trim():"")||' +
      '(typeof s.user.email==="string"?s.user.email:"");' +
      'const h1=frame.querySelector("h1");const who=h1.querySelector("span");who.textContent=name;who.setAttribute("title",name);' +
      EARLY_ANSWER +
      `const visit=earlyEntry(${json(o.visit.method)},${json(o.visit.path)}),` +
      `tallies=earlyEntry(${json(o.counts.method)},${json(o.counts.path)}),` +
      `recent=earlyEntry(${json(o.recent.method)},${json(o.recent.path)});` +
      'if(!visit||!tallies||!recent)return;' +
      KEPT_ROWS +
      HAND_OVER +
      PROJECT_CARD +
      `const countsOf=${String(projectCountsOf)};` +
      'const clone=name=>document.querySelector("template[data-prepaint-recent-"+name+"]").content.firstElementChild.cloneNode(true);' +
      // Everything is built first and put in place at the end, so that a row the cards cannot show paints nothing.
      'const paint=(counts,rows,first)=>{' +
      'const fig=[counts.total,counts.completed,counts.inProgress,counts.pending];' +
      'if(!fig.every(n=>typeof n==="number"&&Number.isFinite(n))||!Array.isArray(rows))throw new Error("shape");' +
      'let list;if(rows.length>0){list=clone("list");list.append(...rows.map(r=>projectCard("data-prepaint-recent",r,r=>r.status!=="pending")))}' +
      'else list=clone("empty");' +
      'const values=frame.querySelectorAll("[aria-busy]");const heading=frame.querySelector("#recent-heading");' +
      'const skeleton=heading.parentElement.nextElementSibling;' +
      `h1.firstChild.data=first?${json(o.greetings.first)}:${json(o.greetings.again)};` +
      'h1.setAttribute("class",h1.getAttribute("class").replace(/ invisible$/,""));' +
      'values.forEach((p,i)=>{p.textContent=String(fig[i]);p.removeAttribute("aria-busy")});' +
      'skeleton.replaceWith(list);if(rows.length>0)heading.parentElement.append(clone("link"));' +
      `handOver(${json(o.list)},${json(o.key)},[{counts,recent:rows,firstVisit:first}],null,false)};` +
      `const k=kept(${json(o.list)},${json(o.key)});held=true;` +
      'if(k&&k.rows[0]){try{paint(k.rows[0].counts,k.rows[0].recent,false)}catch{settle()}return}' +
      'Promise.all([readAnswer(visit),readAnswer(tallies),readAnswer(recent)]).then(([v,c,r])=>{' +
      'if(!Array.isArray(c)||!Array.isArray(r)||!island.hasAttribute("ssr")||!frame.isConnected){settle();return}' +
      `paint(countsOf(c),r.slice(0,${o.recentCount}),v===true)}).catch(settle)`,
  );
}
