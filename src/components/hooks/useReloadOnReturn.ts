import { useEffect, useRef } from 'react';

/**
 * Calls `reload` when the browser shows this page again from its back/forward cache (the page's state is then as it
 * was when the user left, e.g. a list still marking a reply as new after its ticket was opened).
 */
export function useReloadOnReturn(reload: () => void): void {
  const ref = useRef(reload);
  ref.current = reload;
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) ref.current();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
}
