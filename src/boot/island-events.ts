// For a signed-in screen (page-events.ts has the rule): a submit or button click made inside a React island that has
// not hydrated yet (Astro marks it with `ssr`) is held and replayed, in order, when that island reports
// `astro:hydrate`. An island that never hydrates keeps its events (a submit is then never posted to the static host).
import { holdEvents, stop } from './page-events';

const nameOf = (b: Element) => b.getAttribute('aria-label') || b.textContent!.trim();
const named = (root: Element, name: string) => [...root.querySelectorAll('button')].filter((x) => nameOf(x) === name);

/**
 * For a button of a `client:only` island's fallback (the frame a screen paints from its HTML): React replaces those
 * elements with its own, so the click goes to the island's button of the same name (aria-label, else text) and rank
 * once the fallback has left the document, focused first as the click had focused the frame's button (a dialog it
 * opens gives the focus back there).
 */
function forwardOf(island: Element, b: HTMLButtonElement): () => void {
  const at = named(island, nameOf(b)).indexOf(b);
  const go = () => {
    const t = named(island, nameOf(b))[at];
    if (t && !t.disabled) {
      t.focus();
      t.click();
    }
  };
  return () => {
    if (!b.isConnected) return go();
    new MutationObserver((_, o) => {
      if (b.isConnected) return;
      o.disconnect();
      go();
    }).observe(island, { childList: true, subtree: true });
  };
}

export function run(): void {
  const held = new Map<Element, Array<() => void>>();
  holdEvents((e, replay) => {
    const target = e.target as Element;
    const island = target.closest('astro-island');
    const only = e.type === 'click' && island?.getAttribute('client') === 'only';
    // A client:only island loses `ssr` as soon as its first render is asked for, which React does as a transition: the
    // fallback (marked data-screen-fallback) stays on screen until that render commits, and a click on it is forwarded.
    const late = !island?.hasAttribute('ssr');
    if (!island || (late && !(only && target.closest('[data-screen-fallback]')))) return;
    stop(e);
    const r = only ? forwardOf(island, target.closest('button')!) : replay;
    if (late) return r();
    if (!held.has(island)) {
      held.set(island, []);
      island.addEventListener('astro:hydrate', () => held.get(island)!.splice(0).forEach((f) => f()), { once: true });
    }
    held.get(island)!.push(r);
  });
}
