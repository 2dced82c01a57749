// Waiting for the first contentful paint in an inline script. Pages that paint from their HTML start their JavaScript
// only once the browser has painted, so the first paint is never held back by downloading, compiling and running
// code; on a slow phone that work can take longer than the paint itself.

/**
 * Source of `whenPainted(f)`, to put inside an inline script: calls `f` once, after the first contentful paint (a
 * paint-timing entry, then the next frame), at once when that paint has already happened or the tab is hidden (a
 * hidden tab does not paint), after the next frame where the browser reports no paint timing, and after 3 s at the
 * latest.
 */
export const WHEN_PAINTED =
  'const whenPainted=f=>{let done=false;const go=()=>{if(!done){done=true;f()}};' +
  'const later=()=>requestAnimationFrame(()=>setTimeout(go,0));' +
  'if(document.visibilityState==="hidden"||performance.getEntriesByName("first-contentful-paint").length)go();' +
  'else if(PerformanceObserver.supportedEntryTypes?.includes("paint")){' +
  'new PerformanceObserver((list,obs)=>{if(list.getEntriesByName("first-contentful-paint").length){obs.disconnect();later()}}).observe({type:"paint"});' +
  'setTimeout(go,3000)}else later()};';

/** The directives whose islands start as soon as the page has parsed: the ones held until the first paint. */
export const HELD_DIRECTIVES = ['load', 'only'] as const;

/**
 * Inline script for the <head> of a page with React islands whose first view is painted from its HTML: every
 * `client:load` and `client:only` island (the shell and the screen) starts after the first paint. Astro's island
 * element starts an island through the function its directive script registers on `self.Astro` under the
 * directive's name; this script, running before any of those, wraps each such function as it is registered so that
 * it first waits for the paint. Downloading the React renderer and the screen's code then begins after the paint.
 * With `gate` (the source of an expression giving a promise), the islands wait for that promise as well.
 */
export function islandsAfterPaintScript(gate?: string): string {
  const wait = gate ? `Promise.all([new Promise(r=>whenPainted(r)),${gate}])` : 'new Promise(r=>whenPainted(r))';
  return (
    '(()=>{' +
    WHEN_PAINTED +
    `const painted=${wait};const A=self.Astro||(self.Astro={});` +
    `for(const n of ${JSON.stringify(HELD_DIRECTIVES)}){let start;Object.defineProperty(A,n,{configurable:true,enumerable:true,` +
    'get:()=>start,set:d=>{start=typeof d==="function"?(...a)=>painted.then(()=>d(...a)):d}})}})()'
  );
}

/** `islandsAfterPaintScript()`: the islands wait for the first paint only. */
export const ISLANDS_AFTER_PAINT_SCRIPT = islandsAfterPaintScript();
