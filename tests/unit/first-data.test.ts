import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstDataTracker } from '../../src/lib/data/first-data';

describe("a page's first data", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledAfter = async (promise: Promise<void>, ms: number) => {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(ms);
    return done;
  };

  it('is in once a request has answered and none is in flight', async () => {
    const t = firstDataTracker();
    t.started();
    t.started();
    const waiting = t.whenIn(3000);
    expect(await settledAfter(waiting, 100)).toBe(false);
    t.settled();
    expect(await settledAfter(waiting, 10)).toBe(false);
    t.settled();
    expect(await settledAfter(waiting, 10)).toBe(true);
  });

  it('waits for a request started in the same task as an answer was handled', async () => {
    const t = firstDataTracker();
    t.started();
    const waiting = t.whenIn(3000);
    t.settled();
    t.started(); // the screen asks for the next part of its first view
    expect(await settledAfter(waiting, 50)).toBe(false);
    t.settled();
    expect(await settledAfter(waiting, 10)).toBe(true);
  });

  it('is not in before any request, until the longest wait has passed', async () => {
    const t = firstDataTracker();
    const waiting = t.whenIn(3000);
    expect(await settledAfter(waiting, 2900)).toBe(false);
    expect(await settledAfter(waiting, 200)).toBe(true);
  });

  it('answers at once when asked after the first data is in', async () => {
    const t = firstDataTracker();
    t.started();
    t.settled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledAfter(t.whenIn(3000), 0)).toBe(true);
  });
});
