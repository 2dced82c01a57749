import { useEffect, useState } from 'react';

/** `value`, updated only after it stopped changing for `delay` ms (search boxes query the server on pause). */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(t);
  }, [value, delay]);
  return debounced;
}
