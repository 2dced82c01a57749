// For a signed-in screen (page-events.ts has the rule): a submit or button click made inside a React island that has
// not hydrated yet (Astro marks it with `ssr`) is held and replayed, in order, when that island reports
// `astro:hydrate`. An island that never hydrates keeps its events (a submit is then never posted to the static host).
import { holdEvents, stop } from './page-events';

const nameOf = (b: Element) => b.getAttribute('aria-label') || b.textContent!.trim();
const named = (root: Element, name: string) => [...root.querySelectorAll('button')].filter((x) => nameOf(x) === name);

/**
 * For `b`, a button of a `client:only` island's fallback (the frame a screen paints from its HTML): a function that
 * calls `then` with the island's button of the same name (aria-label, else text) and rank as `b` has now, once React
 * has replaced the fallback.
 */
function replacementOf(island: Element, b: HTMLButtonElement): (then: (t: HTMLButtonElement) => void) => void {
  const at = named(island, nameOf(b)).indexOf(b);
  return (then) => {
    const go = () => {
      const t = named(island, nameOf(b))[at];
      if (t) then(t);
    };
    if (!b.isConnected) return go();
    new MutationObserver((_, o) => {
      if (b.isConnected) return;
      o.disconnect();
      go();
    }).observe(island, { childList: true, subtree: true });
  };
}

/** The frame's button of a `client:only` island `target` is in, or null. */
function frameButton(target: Element): { island: Element; b: HTMLButtonElement } | null {
  const island = target.closest('astro-island');
  const b = target.closest('button');
  const framed = island?.getAttribute('client') === 'only' && target.closest('[data-screen-fallback]');
  return framed && b ? { island, b } : null;
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
    if (!island || (late && !(only && frameButton(target)))) return;
    stop(e);
    // A click on the frame goes to the island's button, focused first as the click had focused the frame's button (a
    // dialog it opens gives the focus back there).
    const replaced = only ? replacementOf(island, target.closest('button')!) : null;
    const r = replaced ? () => replaced((t) => !t.disabled && (t.focus(), t.click())) : replay;
    if (late) return r();
    if (!held.has(island)) {
      held.set(island, []);
      island.addEventListener('astro:hydrate', () => held.get(island)!.splice(0).forEach((f) => f()), { once: true });
    }
    held.get(island)!.push(r);
  });
  // A frame's button that has the focus when React replaces the frame hands it to the island's button: a keyboard
  // user's place is not lost to the top of the page. Not when the focus has moved on meanwhile.
  let focused: Element | null = null;
  const watched = new WeakSet<Element>();
  addEventListener(
    'focusin',
    (e) => {
      focused = e.target as Element;
      const frame = frameButton(focused);
      if (!frame || watched.has(frame.b)) return;
      watched.add(frame.b);
      const stillHere = () => focused === frame.b && document.activeElement === document.body;
      replacementOf(frame.island, frame.b)((t) => stillHere() && t.focus());
    },
    true,
  );
}
