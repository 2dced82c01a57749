// For a public page (held-events.ts has the rule): submits and button clicks are held until the page's modules have
// run, `window.__pageReady(ok)`, then replayed in order, or dropped when a module failed to load (replaying a submit
// would post the form to the static host).
import { holdEvents, stop } from './held-events';

declare global {
  interface Window {
    __pageReady?: (ok: boolean) => void;
  }
}

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
