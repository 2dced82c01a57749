// Islands after the first paint: a page that paints its first view from its HTML starts its JavaScript only once the
// browser has painted, so downloading, compiling and running code (longer than the paint itself on a slow phone)
// never holds that paint back. `run` is a signed-in page's script (SignedInFrame's `afterPaint`); after-paint.ts waits alike.

/**
 * Calls `f` once, after the first contentful paint (its paint-timing entry, then the next frame): at once when it has
 * already happened or the tab is hidden (which does not paint), after the next frame where the browser reports no
 * paint timing, after 3 s at the latest.
 */
export function whenPainted(f: () => void): void {
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    f();
  };
  const later = () => void requestAnimationFrame(() => setTimeout(go, 0));
  const fcp = (list: { getEntriesByName(n: string): unknown[] }) => list.getEntriesByName('first-contentful-paint').length > 0;
  if (document.visibilityState === 'hidden' || fcp(performance)) return go();
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return later();
  new PerformanceObserver((list, obs) => {
    if (!fcp(list)) return;
    obs.disconnect();
    later();
  }).observe({ type: 'paint' });
  setTimeout(go, 3000);
}

/**
 * Every `client:load` and `client:only` island (shell and screen) starts after the first paint and, with `gate`, once
 * its promise has settled too. Astro's island element starts an island through the function its directive script
 * registers on `self.Astro` under the directive's name; this script, run before those, wraps each as it is registered.
 */
export function run(_: null, gate?: () => Promise<unknown>): void {
  const ready = Promise.all([new Promise<void>((r) => whenPainted(r)), gate?.()]);
  const astro = ((self as { Astro?: Record<string, unknown> }).Astro ??= {});
  for (const name of ['load', 'only']) {
    let start: unknown;
    const set = (d: unknown) => (start = typeof d === 'function' ? (...a: unknown[]) => ready.then(() => d(...a)) : d);
    Object.defineProperty(astro, name, { configurable: true, enumerable: true, get: () => start, set });
  }
}
