// Painting the first cards of a list from the page's early answer, before the list's island has started: the React
// renderer and the screen's code then no longer stand between the answer and the cards on screen.
//
// The cards are not written here: the page renders the screen's own card component at build time, once per status,
// into <template> elements whose project is made of placeholders (PLACEHOLDER). The inline script clones the template
// of each row's status and fills it: text through textContent only, the placeholders in a few attributes (id, href,
// aria-label, aria-labelledby) replaced by the row's values with setAttribute, the progress bar's width and value set
// one by one. No row value is ever parsed as HTML.
//
// It paints only when all of this holds, and otherwise leaves the page as it is (the island then draws as usual):
// - the page's early-requests script sent the list's first request (a complete, valid stored session of a client,
//   no query string);
// - this browser kept the list's first page for this same user (lib/stores/last-rows: a second visit), which is then
//   painted at once, as the list's first render would draw it; otherwise the early answer is a non-empty JSON array,
//   painted when it arrives;
// - the screen's island has not started yet (Astro's island element still carries its `ssr` attribute): once React
//   has been asked to render, the frame is React's to replace.
// A click on one of the frame's buttons before the island has drawn is passed on to the island's same button.
// The rows painted are left on `window.__prepaintedRows` (lib/stores/prepainted-rows) with the user's id, the list's
// name and filters, so that the island's first render draws those same rows where they already are.
//
// The page's islands wait for the cards (PREPAINT_GATE, with the islands-after-paint script): the React renderer and
// the screen's code start downloading once the cards are on screen, or at once when there is nothing to paint, and
// 3 s after the page started at the latest. Otherwise they would share the network and the main thread with the
// answer and the cards they no longer draw first.

import { PROJECT_STATUSES } from '../domain/project-rules';
import { USER_SLOT, json, storedSessionExpression } from '../data/early-requests';
import { STORAGE_KEY as LAST_ROWS_KEY } from '../stores/last-rows';

/** The placeholder project the card templates are rendered with. */
export const PLACEHOLDER = {
  id: '@@prepaint-id@@',
  title: '@@prepaint-title@@',
  /** formatDate(null): the date's text node ends with it. */
  dateText: 'N/A',
  /** The progress the templates show (0%), so every status but pending draws its bar. */
  progress: 0,
} as const;

/** The attributes where the templates carry the placeholder id or title. */
const FILLED_ATTRIBUTES = ['id', 'href', 'aria-label', 'aria-labelledby'];

/**
 * Source of `cardValues(row)`, for an inline script: what one card shows for a row, computed as the card component
 * computes it. `status` is the template to use ('' for an unknown status), `progress` the bar's percentage or null
 * when the card has no bar, `date` the text formatDate gives (dd/MM/yyyy in the browser's time zone, 'N/A' when
 * missing or invalid, a plain yyyy-MM-dd read as a local calendar day).
 */
export const CARD_VALUES =
  'const pad=(n,l)=>String(n).padStart(l,"0");' +
  'const fmtDate=v=>{if(v===null||v===undefined||v==="")return"N/A";' +
  'const m=/^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(v);' +
  'const d=m?new Date(Number(m[1]),Number(m[2])-1,Number(m[3])):new Date(v);' +
  'if(Number.isNaN(d.getTime()))return"N/A";const y=d.getFullYear();' +
  'return pad(d.getDate(),2)+"/"+pad(d.getMonth()+1,2)+"/"+pad(y>0?y:1-y,4)};' +
  `const statuses=${json(PROJECT_STATUSES)};` +
  'const cardValues=r=>{const shown=r.status!=="pending"&&r.progress!==null;const n=r.progress??0;' +
  'return{status:statuses.includes(r.status)?r.status:"",id:String(r.id),title:String(r.title??""),' +
  'description:String(r.description??""),date:fmtDate(r.created_at),' +
  'progress:shown?Math.max(0,Math.min(100,Math.round(Number.isFinite(n)?n:0))):null}};';

/**
 * Source of the promise the page's islands wait for (see islandsAfterPaintScript): settled by the card-painting
 * script once it has painted, or found nothing to paint, and after 3 s at the latest.
 */
export const PREPAINT_GATE = 'new Promise(r=>{window.__prepaintSettle=r;setTimeout(r,3000)})';

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
 * The inline script that paints the cards into the frame's `[data-prepaint-grid]`, from the templates
 * `template[data-prepaint-card="<status>"]` ('' for an unknown status).
 */
export function prepaintCardsScript({ apiUrl, requestPath, list, key, pageSize }: PrepaintOptions): string {
  const base = new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href;
  return (
    // `held` once the answer is awaited; every other way out lets the islands start at once.
    '(()=>{let held=false;const settle=()=>window.__prepaintSettle?.();' +
    'try{if(location.search)return;' +
    'const grid=document.querySelector("[data-prepaint-grid]");const island=grid&&grid.closest("astro-island");' +
    'if(!island||!island.hasAttribute("ssr"))return;' +
    // A click on one of the frame's buttons ('Novo Projeto', a card's delete button) before the island has drawn: the
    // signed-in document holds it until the island starts and then clicks the frame's button again, which the island
    // is about to replace. Here that click waits for the island's own render and goes to the island's button of the
    // same name (aria-label, else text) and rank, which does what was asked.
    'const frame=grid.closest("[data-screen-fallback]");' +
    'const named=(root,n)=>[...root.querySelectorAll("button")].filter(x=>(x.getAttribute("aria-label")||x.textContent.trim())===n);' +
    'frame.addEventListener("click",ev=>{const b=ev.target.closest("button");if(!b)return;' +
    'const n=b.getAttribute("aria-label")||b.textContent.trim();const at=named(frame,n).indexOf(b);' +
    // Focused first, as the click had focused the frame's button: the dialog it opens gives the focus back there.
    'const go=()=>{const t=named(island,n)[at];if(t){t.focus();t.click()}};' +
    'if(!frame.isConnected)go();else new MutationObserver((_,o)=>{if(!frame.isConnected){o.disconnect();go()}}).observe(island,{childList:true})});' +
    `const s=${storedSessionExpression(base)};` +
    'if(!s||typeof s.access_token!=="string"||!s.user||typeof s.user.id!=="string")return;' +
    `const path=${json(requestPath)}.split(${json(USER_SLOT)}).join(s.user.id);` +
    'const auth="Bearer "+s.access_token;' +
    // The early-requests script's entry for this very request and token; its first key line is "GET <url>".
    'const e=(window.__earlyRequests||[]).find(x=>{const l=x.key.split("\\n")[0];' +
    'return x.authorization===auth&&l.startsWith("GET ")&&l.endsWith("/"+path)});' +
    'if(!e)return;const userId=s.user.id;' +
    CARD_VALUES +
    `const attrs=${json(FILLED_ATTRIBUTES)};const ID=${json(PLACEHOLDER.id)};const TITLE=${json(PLACEHOLDER.title)};` +
    'const card=r=>{const v=cardValues(r);' +
    'const t=document.querySelector("template[data-prepaint-card=\\""+v.status+"\\"]");' +
    'const li=t.content.firstElementChild.cloneNode(true);' +
    'for(const el of [li,...li.querySelectorAll("*")])for(const a of attrs){const o=el.getAttribute(a);' +
    'if(o!==null&&(o.includes(ID)||o.includes(TITLE)))el.setAttribute(a,o.split(ID).join(v.id).split(TITLE).join(v.title))}' +
    'const h=li.querySelector("h2");h.textContent=v.title;const p=h.nextElementSibling;p.textContent=v.description;' +
    `const dt=[...p.nextElementSibling.childNodes].find(n=>n.nodeType===3&&n.data.endsWith(${json(PLACEHOLDER.dateText)}));` +
    `dt.data=dt.data.slice(0,-${PLACEHOLDER.dateText.length})+v.date;` +
    'const bar=li.querySelector("[role=progressbar]");' +
    'if(v.progress===null){if(bar)bar.parentElement.remove()}else{bar.setAttribute("aria-valuenow",String(v.progress));' +
    'bar.firstElementChild.style.width=v.progress+"%";bar.nextElementSibling.textContent=v.progress+"%"}' +
    'return li};' +
    // Once the cards are in, the islands start after the next frame, when the cards have been painted (at once in a
    // hidden tab, which runs no frames).
    'const paint=(page,total,hasMore)=>{const items=page.map(card);grid.append(...items);' +
    `window.__prepaintedRows={list:${json(list)},key:${json(key)},userId,rows:page,total,hasMore};` +
    'if(document.visibilityState==="hidden")settle();else requestAnimationFrame(()=>setTimeout(settle,0))};' +
    // The rows kept from this user's last visit, as readLastRows finds them.
    `const kept=(()=>{try{const k=JSON.parse(localStorage.getItem(${json(LAST_ROWS_KEY)}));` +
    `const l=k&&k.userId===userId&&k.lists?k.lists[${json(list)}]:null;` +
    `return l&&l.key===${json(key)}&&Array.isArray(l.rows)&&l.rows.length>0?l:null}catch{return null}})();` +
    'held=true;' +
    `if(kept){paint(kept.rows,kept.total??null,kept.hasMore===true);return}` +
    // The answer is read from a clone: the REST client takes the response itself later and reads its own body.
    'e.response.then(r=>r.ok?r.clone().json():null).then(rows=>{' +
    'if(!Array.isArray(rows)||rows.length===0||!island.hasAttribute("ssr")||!grid.isConnected){settle();return}' +
    `paint(rows.slice(0,${pageSize}),null,rows.length>${pageSize})` +
    '}).catch(settle)}catch{held=false}finally{if(!held)settle()}})()'
  );
}
