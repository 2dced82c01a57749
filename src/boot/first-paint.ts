// Islands after the first paint. A page that paints its first view from its HTML starts its JavaScript only once the
// browser has painted, so that paint is never held back by downloading, compiling and running code; on a slow phone
// that work can take longer than the paint itself. `run` is the inline script of a signed-in page (IslandsAfterPaint);
// the public pages' module loader (after-paint.ts) waits the same way.

/**
 * Calls `f` once, after the first contentful paint (a paint-timing entry, then the next frame): at once when that
 * paint has already happened or the tab is hidden (a hidden tab does not paint), after the next frame where the
 * browser reports no paint timing, after 3 s at the latest.
 */
export function whenPainted(f: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    f();
  };
  const later = () => requestAnimationFrame(() => setTimeout(go, 0));
  const fcp = (list: { getEntriesByName(n: string): unknown[] }) => list.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState === 'hidden' || fcp(performance)) go();
  else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, obs) => {
      if (fcp(list)) {
        obs.disconnect();
        later();
      }
    }).observe({ type: 'paint' });
    setTimeout(go, 3000);
  } else later();
}

/** The directives whose islands start as soon as the page has parsed: the ones held until the first paint. */
export const HELD_DIRECTIVES = ['load', 'only'];

/**
 * Every `client:load` and `client:only` island (the shell and the screen) starts after the first paint and, with
 * `gate`, once the promise it gives has settled too. Astro's island element starts an island through the function
 * its directive script registers on `self.Astro` under the directive's name; this script, running before any of those,
 * wraps each such function as it is registered so that it first waits. The React renderer and the screen's code are
 * then fetched after the paint.
 */
export function run(_: null, gate?: () => Promise<unknown>): void {
  const ready = Promise.all([new Promise<void>((r) => whenPainted(r)), gate?.()]);
  const astro = ((self as { Astro?: Record<string, unknown> }).Astro ??= {});
  for (const name of HELD_DIRECTIVES) {
    let start: unknown;
    Object.defineProperty(astro, name, {
      configurable: true,
      enumerable: true,
      get: () => start,
      set: (d: unknown) => {
        start = typeof d === 'function' ? (...a: unknown[]) => ready.then(() => d(...a)) : d;
      },
    });
  }
}
