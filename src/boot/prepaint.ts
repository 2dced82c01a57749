// What every pre-paint shares. A signed-in screen whose first view is data paints that data from the page's early
// answers (early-requests.ts), into the frame its island's fallback drew, before React and the screen's code arrive.
// It paints nothing, and lets the islands start at once, when: the address has a query string; the island has
// started (Astro's island element no longer carries `ssr`: the frame is React's then); the early requests were not
// sent (no fresh stored session); no early request for an answer it needs; an answer is not OK. The islands wait for
// it (the gate of the first-paint script), 3 s at the latest. What was painted is handed to the island's first render
// (lib/stores/prepainted-rows), with the user it was fetched for, so React draws the same rows where they already are.
import type { PrepaintedRows } from '../lib/stores/prepainted-rows';
import type { BootSession } from '../lib/util/session-storage-key';
import type { BootImport } from './compile';

declare global {
  interface Window {
    __prepaintSettle?: () => void;
  }
}

/** Lets the page's islands start. */
export const settle = () => window.__prepaintSettle?.();

/** The islands' gate on a page with a pre-paint (SignedInFrame's `afterPaint`): open once it settles, 3 s at the latest. */
export const prepaintGate = () =>
  new Promise<void>((r) => {
    window.__prepaintSettle = r;
    setTimeout(r, 3000);
  });
export const PREPAINT_GATE: BootImport = { module: 'boot/prepaint.ts', name: 'prepaintGate' };

export interface Prepaint {
  frame: Element;
  island: Element;
  /** The session the early requests were sent with. */
  session: BootSession;
  /** The parsed JSON of the early answer to `method path` (as recorded, with slots), or null when none was sent. */
  answer: (method: string, path: string) => Promise<unknown> | null;
  /** Whether the frame is still the island's fallback, in the page (checked again once an answer is in). */
  stillOurs: () => boolean;
}

/** The last path segment of the address, decoded (what ROUTE_SLOT stands for). */
export const routeSegment = () => decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');

/** The checks every pre-paint starts with, for the frame `frameSelector` inside the screen's island; null: paint nothing. */
export function startPrepaint(frameSelector: string): Prepaint | null {
  const session = window.__bootSession;
  const frame = document.querySelector(frameSelector);
  const island = frame?.closest('astro-island');
  if (location.search || !session || !frame || !island || !island.hasAttribute('ssr')) return null;
  const auth = `Bearer ${session.access_token}`;
  const answer = (method: string, path: string) => {
    const entry = window.__earlyRequests?.find((x) => x.recorded === `${method} ${path}` && x.authorization === auth);
    // Read from a clone: the REST client still takes the response itself.
    return entry ? entry.response.then((r) => (r.ok ? r.clone().json() : Promise.reject(new Error(String(r.status))))) : null;
  };
  return { frame, island, session, answer, stillOurs: () => island.hasAttribute('ssr') && frame.isConnected };
}

/** Leaves what was painted for the island's first render, then lets the islands start once it is on screen. */
export function handOver(rows: Omit<PrepaintedRows<unknown>, 'userId'>, userId: string): void {
  window.__prepaintedRows = { ...rows, userId };
  if (document.visibilityState === 'hidden') settle();
  else requestAnimationFrame(() => setTimeout(settle, 0));
}

/**
 * Runs a pre-paint's `body`: when it returns true it waits for an answer and settles itself; any other way out, an
 * error included, lets the islands go at once.
 */
export function guarded(body: () => boolean): void {
  let held = false;
  try {
    held = body();
  } catch {
    held = false;
  } finally {
    if (!held) settle();
  }
}
