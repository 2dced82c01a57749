// What every pre-paint shares: a signed-in screen whose first view is data paints that data from the page's early
// answers with an inline script, into a frame the island's fallback drew with the screen's own components, before the
// React renderer and the screen's code have arrived. The screens' scripts (prepaint-cards, prepaint-dashboard,
// prepaint-project) are put together from the fragments below, each the source of a few declarations for inside an
// inline script's `try` block, in this order: PREPAINT_START, the screen's own checks, then whatever they use.
//
// A pre-paint never parses a value as HTML: text goes in through text nodes, a few attributes through setAttribute.
// It paints nothing, and lets the islands start at once, when any of these fails: no query string; the island has not
// started (Astro's island element still carries `ssr`: once React has been asked to render, the frame is React's);
// a complete stored session; the early-requests script's entry for each answer it needs; every answer OK.
//
// The page's islands wait for it (PREPAINT_GATE, with the islands-after-paint script): the React renderer and the
// screen's code start downloading once the data is on screen, or at once when there is nothing to paint, and 3 s
// after the page started at the latest. Otherwise they would share the network and the main thread with the answers
// and the painting they no longer do first.
//
// What was painted is handed to the island's first render (lib/stores/prepainted-rows), with the user it was fetched
// for, so that React draws the same data where it already is instead of a skeleton.

import { ROUTE_SLOT, USER_SLOT } from '../util/request-slots';
import { STORAGE_KEY as LAST_ROWS_KEY } from '../stores/last-rows';
import { PROJECT_STATUSES } from '../domain/project-rules';
import { PLAN_NAMES, planNameOf, planPriceOf, planSummaryOf } from '../domain/plans';
import type { Project } from '../data/projects';

/** JSON for inside a <script>: `<` escaped, so no value can close the element. */
export const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Source of `seg`: the page address's last path segment, decoded (what ROUTE_SLOT stands for). */
const ROUTE_SEGMENT = 'const seg=decodeURIComponent(location.pathname.split("/").filter(Boolean).pop()||"");';

/** Source of an expression reading the session supabase-js stored for `apiUrl` (key derived in the browser). */
const storedSessionExpression = (apiUrl: string) =>
  `JSON.parse(localStorage.getItem("sb-"+new URL(${json(apiUrl)}).hostname.split(".")[0]+"-auth-token"))`;

/**
 * Wraps a pre-paint's `body` (the fragments) into the inline script: `held=true` once the body waits for an answer
 * (and then calls `painted()` or `settle()` itself); any other way out, a thrown error included, lets the islands go.
 */
export const prepaintScript = (body: string) =>
  '(()=>{let held=false;const settle=()=>window.__prepaintSettle?.();try{' + body + '}catch{held=false}finally{if(!held)settle()}})()';

/**
 * Source of the checks every pre-paint starts with, for the frame marked `frameSelector` inside the screen's island:
 * declares `frame`, `island` and the stored session `s` with its `userId`, or returns.
 */
export function prepaintStart(apiUrl: string, frameSelector: string): string {
  const base = new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href;
  return (
    'if(location.search)return;' +
    `const frame=document.querySelector(${json(frameSelector)});const island=frame&&frame.closest("astro-island");` +
    'if(!island||!island.hasAttribute("ssr"))return;' +
    `const s=${storedSessionExpression(base)};` +
    'if(!s||typeof s.access_token!=="string"||!s.user||typeof s.user.id!=="string")return;const userId=s.user.id;'
  );
}

/**
 * Source of `earlyEntry(method, path)`, the early-requests script's entry for that request (as recorded: `rest/v1/...`
 * with the user and route slots) made with this session's token, or null; and of `readAnswer(entry)`, the parsed JSON
 * of its answer, read from a clone so that the REST client still takes the response itself, rejected when the answer
 * is not OK.
 */
export const EARLY_ANSWER =
  ROUTE_SEGMENT +
  'const earlyEntry=(method,path)=>{const auth="Bearer "+s.access_token;' +
  `const p=path.split(${json(USER_SLOT)}).join(userId).split(${json(ROUTE_SLOT)}).join(seg);` +
  // The early-requests script's key starts with the line "<METHOD> <url>".
  'return(window.__earlyRequests||[]).find(x=>{const l=x.key.split("\\n")[0];' +
  'return x.authorization===auth&&l.startsWith(method+" ")&&l.endsWith("/"+p)})||null};' +
  'const readAnswer=e=>e.response.then(r=>r.ok?r.clone().json():Promise.reject(new Error(String(r.status))));';

/**
 * Source of `kept(list, key)`: what lib/stores/last-rows keeps of `list` with the filters `key` for this same user
 * (`{rows, total, hasMore}` with at least one row, as readLastRows finds it), or null.
 */
export const KEPT_ROWS =
  `const kept=(list,key)=>{try{const k=JSON.parse(localStorage.getItem(${json(LAST_ROWS_KEY)}));` +
  'const l=k&&k.userId===userId&&k.lists?k.lists[list]:null;' +
  'return l&&l.key===key&&Array.isArray(l.rows)&&l.rows.length>0?l:null}catch{return null}};';

/**
 * Source of `handOver(list, key, rows, total, hasMore)`: leaves what was painted for the island's first render, then
 * lets the islands start after the next frame, once it has been painted (at once in a hidden tab, which runs no frames).
 */
export const HAND_OVER =
  'const handOver=(list,key,rows,total,hasMore)=>{window.__prepaintedRows={list,key,userId,rows,total,hasMore};' +
  'if(document.visibilityState==="hidden")settle();else requestAnimationFrame(()=>setTimeout(settle,0))};';

/**
 * Source of `fmtDate(v)`, the text formatDate (lib/domain/format) gives, for an inline script, which cannot import
 * it: dd/MM/yyyy in the browser's time zone, 'N/A' when missing or invalid, a plain yyyy-MM-dd read as a local
 * calendar day. A unit test keeps the two equal.
 */
export const FMT_DATE =
  'const pad=(n,l)=>String(n).padStart(l,"0");' +
  'const fmtDate=v=>{if(v===null||v===undefined||v==="")return"N/A";' +
  'const m=/^(\\d{4})-(\\d{2})-(\\d{2})$/.exec(v);' +
  'const d=m?new Date(Number(m[1]),Number(m[2])-1,Number(m[3])):new Date(v);' +
  'if(Number.isNaN(d.getTime()))return"N/A";const y=d.getFullYear();' +
  'return pad(d.getDate(),2)+"/"+pad(d.getMonth()+1,2)+"/"+pad(y>0?y:1-y,4)};';

/**
 * Source of `fillSlots(root, slots)`: in `root` and everything under it, every occurrence of a slot's placeholder
 * (a key of `slots`) in a text node's data or in an attribute's value is replaced by the slot's text, in one pass (a
 * value that happens to contain another placeholder stays as it is). The templates are rendered at build time with
 * such placeholders in place of the data.
 */
export const FILL_SLOTS =
  'const fillSlots=(root,slots)=>{' +
  'const re=new RegExp(Object.keys(slots).map(k=>k.replace(/\\W/g,"\\\\$&")).join("|"),"g");' +
  'const sub=t=>t.replace(re,k=>slots[k]);const has=t=>{re.lastIndex=0;return re.test(t)};' +
  'const walk=n=>{if(n.nodeType===3){if(has(n.data))n.data=sub(n.data);return}' +
  'if(n.nodeType!==1)return;for(const a of [...n.attributes])if(has(a.value))n.setAttribute(a.name,sub(a.value));' +
  'for(const c of [...n.childNodes])walk(c)};walk(root)};';

/**
 * Source of `setBar(bar, v)`: the progress bar (ProgressBar, the `role=progressbar` element) shows `v` as the component
 * draws it with that value: rounded and clamped to 0..100, in its value, its fill's width and the percentage after it.
 */
export const SET_BAR =
  'const setBar=(bar,v)=>{const n=Math.max(0,Math.min(100,Math.round(Number.isFinite(v)?v:0)));' +
  'bar.setAttribute("aria-valuenow",String(n));bar.firstElementChild.style.width=n+"%";' +
  'if(bar.nextElementSibling)bar.nextElementSibling.textContent=n+"%"};';

/**
 * Source of `statusTemplate(attr, status)`: a clone of the element in `template[attr="<status>"]`, the template of
 * `status` among the screens' templates (TEMPLATE_STATUSES: '' for a status the screens do not know).
 */
export const STATUS_TEMPLATE =
  `const statuses=${json(PROJECT_STATUSES)};` +
  'const statusTemplate=(attr,status)=>{const st=statuses.includes(status)?status:"";' +
  'return document.querySelector("template["+attr+"=\\""+st+"\\"]").content.firstElementChild.cloneNode(true)};';

/**
 * Source of `planName(plan)`, `planPrice(price)` and `planSummary(plan, price)`: the texts lib/domain/plans gives for a
 * project's stored plan and monthly price (the functions' own source, with the plans' names).
 */
export const PLAN_TEXTS =
  `const planNames=${json(PLAN_NAMES)};const planNameOf=${String(planNameOf)};const planPriceOf=${String(planPriceOf)};` +
  `const planSummaryOf=${String(planSummaryOf)};` +
  'const planName=p=>planNameOf(planNames,p),planPrice=planPriceOf,planSummary=(p,m)=>planSummaryOf(planNames,p,m);';

/** The placeholders of the project the screens' templates (cards, the detail's view) are rendered with. */
export const PLACEHOLDER = {
  id: '@@prepaint-id@@',
  title: '@@prepaint-title@@',
  description: '@@prepaint-description@@',
  /** Days no project has (the database stamps both), and the texts formatDate gives for them. */
  createdAt: '1901-02-03',
  createdText: '03/02/1901',
  updatedAt: '1902-03-04',
  updatedText: '04/03/1902',
  /** The templates' progress (0%): every status but pending draws its bar, which the script then sets or removes. */
  progress: 0,
} as const;

/** The placeholder project a template is rendered with, for `status` ('' stands for any unknown status). */
export function placeholderProject(status: string): Project {
  return {
    id: PLACEHOLDER.id,
    user_id: PLACEHOLDER.id,
    title: PLACEHOLDER.title,
    description: PLACEHOLDER.description,
    created_at: PLACEHOLDER.createdAt,
    updated_at: PLACEHOLDER.updatedAt,
    progress: PLACEHOLDER.progress,
    status,
    plan: null,
    monthly_price: null,
  } as unknown as Project;
}

/** The statuses a template is rendered for: the known ones, then '' for any other. */
export const TEMPLATE_STATUSES = [...PROJECT_STATUSES, ''] as const;
