// The one script of every signed-in page's <head>, run before anything is painted: the guard, the held events of the
// islands, the first requests (the screen's, then the shell's: the screen's data goes out first) and, for a page whose
// first view is its HTML, the start of its islands after the first paint. A screen painted before React also gives
// its pre-paint: the islands wait for it too (`gate`), and the page starts it (`__prepaint`) once its frame is parsed.
import { run as guard } from './guard';
import { run as holdEvents } from './island-events';
import { run as sendEarly, type EarlyRequestsConfig } from './early-requests';
import { run as islandsAfterPaint } from './first-paint';

declare global {
  interface Window {
    __prepaint?: () => void;
  }
}

export interface FrameConfig extends EarlyRequestsConfig {
  afterPaint: boolean;
}

export function run(c: FrameConfig, gate?: () => Promise<unknown>, paint?: () => void): void {
  guard(c);
  holdEvents();
  sendEarly(c);
  if (c.afterPaint) islandsAfterPaint(null, gate);
  window.__prepaint = paint;
}
