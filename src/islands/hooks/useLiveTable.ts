import { useEffect, useRef } from 'react';
import type { LiveBinding, LiveChange } from '../../lib/data/live';

/** The live module (and, through it, realtime-js) is not part of any screen's first chunk: it loads on first use. */
export const loadLive = () => import('../../lib/data/live');

export interface LiveHandlers {
  /** Each change, as it arrives. */
  onChange?: (change: LiveChange) => void;
  /**
   * Reads the screen's rows again; runs when the subscription starts listening (and after every reconnection, as
   * changes made meanwhile were not delivered) and, coalesced, after a burst of changes when `onChange` is absent.
   */
  refresh?: () => void;
}

/** Changes arriving within this many ms of each other cause one refresh. */
const COALESCE_MS = 120;

/**
 * Keeps a screen live: watches `bindings` (null: nothing yet, e.g. before the screen knows its id) through Realtime
 * while mounted. The handlers may change on every render; the subscription changes only with the bindings.
 */
export function useLiveTable(name: string, bindings: readonly LiveBinding[] | null, handlers: LiveHandlers): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  const key = bindings ? JSON.stringify(bindings) : null;
  useEffect(() => {
    if (!key) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refreshSoon = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        ref.current.refresh?.();
      }, COALESCE_MS);
    };
    let stopped = false;
    let stop: (() => void) | null = null;
    loadLive().then(
      ({ watchTables }) => {
        if (stopped) return;
        stop = watchTables(name, JSON.parse(key) as LiveBinding[], {
          onChange: (change) => {
            if (ref.current.onChange) ref.current.onChange(change);
            else refreshSoon();
          },
          onListening: () => ref.current.refresh?.(),
        });
      },
      () => undefined, // offline: the screen stays as read; a reload or the next visit is live again
    );
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stop?.();
    };
  }, [name, key]);
}
