import { useRef } from 'react';

/**
 * Focus return for a Radix dialog opened without a Trigger (its own return goes to the missing trigger,
 * i.e. nowhere): remembers the element focused when `open` turns true and gives it focus back on close.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (event: Event) => {
    // The opener may be gone (the deleted project's card): then the fallback gets the focus.
    const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null);
    if (target && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}
