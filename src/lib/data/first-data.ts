// Whether a page's first data has arrived: the REST client reports each request's start and end here.
/**
 * When the page's first REST answers are in: resolves once at least one request has settled and none is in flight,
 * or after `maxWaitMs` should the page ask for nothing. What loads after that (the auth client) does not compete with
 * the first data for a slow link.
 */
export function firstDataTracker() {
  let inFlight = 0;
  let settledOnce = false;
  const waiters: Array<() => void> = [];
  const release = () => {
    if (!settledOnce || inFlight > 0) return;
    for (const resolve of waiters.splice(0)) resolve();
  };
  return {
    started: () => {
      inFlight += 1;
    },
    settled: () => {
      inFlight -= 1;
      settledOnce = true;
      // A screen's next request (the rest of a first view) usually starts in the same task as the answer is handled.
      setTimeout(release, 0);
    },
    whenIn: (maxWaitMs: number) =>
      new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, maxWaitMs);
        release();
      }),
  };
}
