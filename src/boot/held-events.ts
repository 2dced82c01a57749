// What a user does before a page's code is ready is kept, not lost. A button's click handler, or a form's submit
// handler, only exists once the JavaScript behind it has run; until then a click on the painted button does nothing
// and a submit would post the form to the static host. The first script of <head> holds such events and replays them
// once the code is in place: page-events.ts on the public pages, island-events.ts on the signed-in screens. A held
// event goes no further, so a listener that is already attached never sees it twice.

/**
 * For a form submit or a click on an enabled button that is not a submit button (its click becomes a submit, held as
 * such): a function that replays the event on the same element if it is still in the document; otherwise null.
 */
export function replayOf(e: Event): (() => void) | null {
  if (e.type === 'submit') {
    const form = e.target as HTMLFormElement;
    const by = (e as SubmitEvent).submitter;
    return () => form.isConnected && form.requestSubmit(by ?? undefined);
  }
  const b = e.target instanceof Element && e.target.closest('button');
  return b && b.type !== 'submit' && !b.disabled ? () => b.isConnected && b.click() : null;
}

/** Listens, first of all (capture), to every submit and click with `hold`; returns what stops listening. */
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
export function stop(e: Event): void {
  e.preventDefault();
  e.stopImmediatePropagation();
}
