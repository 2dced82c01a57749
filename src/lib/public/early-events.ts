// What a user does before a page's code is ready is kept, not lost. A button's click handler, or a form's submit
// handler, only exists once the JavaScript behind it has run; until then a click on the painted button does nothing
// and a submit would post the form to the static host. Two inline scripts, run first in <head>, hold such events
// and replay them once the code is in place:
//  - on the public pages, until all of the page's modules have run (`window.__pageReady(ok)`);
//  - on the signed-in screens, per React island: an event inside an island that has not hydrated yet (Astro marks it
//    with the `ssr` attribute) is replayed when that island reports `astro:hydrate`; a click on a button of a
//    `client:only` island's fallback goes to the island's own button of the same name and rank once it has drawn
//    (also when the island has started but its first render has not replaced the fallback yet).
// A held event goes no further, so a listener that is already attached never sees it twice.

/**
 * Source of `replayOf(e)`, to put inside an inline script: for a form submit or a click on an enabled button that is
 * not a submit button (its click becomes a submit, held as such), a function that replays the event on the same
 * element if it is still in the document; otherwise null.
 */
const REPLAY_OF =
  'const replayOf=e=>{if(e.type==="submit"){const f=e.target,by=e.submitter;return()=>f.isConnected&&f.requestSubmit(by||undefined)}' +
  'const b=e.target instanceof Element&&e.target.closest("button");' +
  'return b&&b.type!=="submit"&&!b.disabled?()=>b.isConnected&&b.click():null};' +
  'const stop=e=>{e.preventDefault();e.stopImmediatePropagation()};';

/**
 * Source of `forwardOf(island, button)`, for a button of a `client:only` island's fallback (the frame a screen paints
 * from its HTML): React does not take over those elements but replaces them with its own, so the click is replayed on
 * the island's button of the same name (aria-label, else text) and rank, once the fallback has left the document,
 * focused first as the click had focused the frame's button (a dialog it opens gives the focus back there).
 */
const FORWARD_OF =
  'const named=(root,n)=>[...root.querySelectorAll("button")].filter(x=>(x.getAttribute("aria-label")||x.textContent.trim())===n);' +
  'const forwardOf=(i,b)=>{const n=b.getAttribute("aria-label")||b.textContent.trim();const at=named(i,n).indexOf(b);' +
  'const go=()=>{const t=named(i,n)[at];if(t&&!t.disabled){t.focus();t.click()}};' +
  'return()=>{if(!b.isConnected)go();else new MutationObserver((_,o)=>{if(!b.isConnected){o.disconnect();go()}})' +
  '.observe(i,{childList:true,subtree:true})}};';

/**
 * For a public page: holds submits and button clicks until `window.__pageReady(ok)` is called, then replays them, or
 * drops them when a module failed to load (replaying a submit would post the form to the static host).
 */
export const EARLY_EVENTS_SCRIPT =
  '(()=>{' +
  REPLAY_OF +
  'const q=[];const hold=e=>{const r=replayOf(e);if(r){stop(e);q.push(r)}};' +
  'addEventListener("submit",hold,true);addEventListener("click",hold,true);' +
  'window.__pageReady=ok=>{removeEventListener("submit",hold,true);removeEventListener("click",hold,true);for(const f of q.splice(0))if(ok)f()}})()';

/**
 * For a signed-in screen: holds submits and button clicks made inside a React island that has not hydrated yet, and
 * replays them, in order, when that island has. An island that never hydrates keeps its events (a submit is then
 * never posted to the static host).
 */
export const ISLAND_EARLY_EVENTS_SCRIPT =
  '(()=>{' +
  REPLAY_OF +
  FORWARD_OF +
  'const q=new Map();const hold=e=>{const i=e.target instanceof Element&&e.target.closest("astro-island");if(!i)return;' +
  'const only=e.type==="click"&&i.getAttribute("client")==="only";' +
  // A client:only island loses `ssr` as soon as its first render is asked for, which React does as a transition: the
  // fallback (marked data-screen-fallback) stays on screen until that render commits, and a click on it is forwarded.
  'const late=!i.hasAttribute("ssr");if(late&&!(only&&e.target.closest("[data-screen-fallback]")))return;' +
  'let r=replayOf(e);if(!r)return;stop(e);' +
  'if(only)r=forwardOf(i,e.target.closest("button"));if(late){r();return}' +
  'if(!q.has(i)){q.set(i,[]);i.addEventListener("astro:hydrate",()=>{const fs=q.get(i);q.delete(i);for(const f of fs)f()},{once:true})}' +
  'q.get(i).push(r)};' +
  'addEventListener("submit",hold,true);addEventListener("click",hold,true)})()';
