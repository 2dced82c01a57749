// What a user does before a page's code is ready is kept, not lost: until the JavaScript behind a button or a form has
// run, a click does nothing and a submit would post the form to the static host. The first script of <head> holds such
// events and replays them once the code is in place: this one on the public pages (until `window.__pageReady(ok)`:
// replayed in order, or dropped when a module failed), island-events.ts on the signed-in screens. A held event goes
// no further, so a listener that is already attached never sees it twice.

declare global {
  interface Window {
    __pageReady?: (ok: boolean) => void;
  }
}

/**
 * For a form submit or a click on an enabled button that is not a submit button (its click becomes a submit, held as
 * such): a function that replays the event on the same element if it is still in the document; otherwise null.
 */
function replayOf(e: Event): (() => void) | null {
  if (e.type === 'submit') {
    const form = e.target as HTMLFormElement;
    return () => form.isConnected && form.requestSubmit((e as SubmitEvent).submitter ?? undefined);
  }
  const b = e.target instanceof Element && e.target.closest('button');
  return b && b.type !== 'submit' && !b.disabled ? () => b.isConnected && b.click() : null;
}

/** Listens first (capture) to every submit and click that can be replayed; returns what stops listening. */
export function holdEvents(hold: (e: Event, replay: () => void) => void): () => void {
  const listener = (e: Event) => {
    const replay = replayOf(e);
    if (replay) hold(e, replay);
  };
  const types = ['submit', 'click'];
  for (const t of types) addEventListener(t, listener, true);
  return () => types.forEach((t) => removeEventListener(t, listener, true));
}

/** Keeps the event from its default action and from every other listener. */
export const stop = (e: Event) => (e.preventDefault(), e.stopImmediatePropagation());

export function run(): void {
  const held: Array<() => void> = [];
  const release = holdEvents((e, replay) => {
    stop(e);
    held.push(replay);
  });
  window.__pageReady = (ok) => {
    release();
    for (const replay of held.splice(0)) if (ok) replay();
  };
}
