// The one inline script in <head> of every signed-in page (SignedInFrame), run before anything is painted: the guard,
// the held events of the islands and the first requests, the screen's before the shell's.
import { run as guard } from './guard';
import { run as holdEvents } from './island-events';
import { run as sendEarly, type EarlyRequestsConfig } from './early-requests';

export function run(c: EarlyRequestsConfig): void {
  guard(c);
  holdEvents();
  sendEarly(c);
}
