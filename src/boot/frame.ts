// The frame's script of every signed-in page, in one inline script of <head> after the page's own head scripts (so the
// screen's first requests go out before the shell's): the guard, the held events of the islands and the shell's first
// requests (the page's own go in a script of their own, early-requests.ts). Both run before anything is painted.
import { run as guard } from './guard';
import { run as holdEvents } from './island-events';
import { run as sendEarly, type EarlyRequestsConfig } from './early-requests';

export function run(c: EarlyRequestsConfig): void {
  guard(c);
  holdEvents();
  sendEarly(c);
}
