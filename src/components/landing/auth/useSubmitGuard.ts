// One submission at a time: the flag flips synchronously, so a double click cannot start a second call.
import { useCallback, useRef, useState } from 'react';

export function useSubmitGuard(): [busy: boolean, run: <T>(task: () => Promise<T>) => Promise<T | undefined>, keepBusy: () => void] {
  const running = useRef(false);
  const kept = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    kept.current = false;
    setBusy(true);
    try {
      return await task();
    } finally {
      // A task that navigates away keeps the button busy until the page unloads.
      if (!kept.current) {
        running.current = false;
        setBusy(false);
      }
    }
  }, []);
  const keepBusy = useCallback(() => {
    kept.current = true;
  }, []);
  return [busy, run, keepBusy];
}
