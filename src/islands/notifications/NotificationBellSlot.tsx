// Where the bell sits in a sidebar. The bell's code (icon, list, panel, Realtime) is not part of any screen's first
// chunk: it is fetched once the screen's first data has painted; until then an empty box of the bell's size keeps its
// place, so nothing moves when it arrives.
import { Suspense, lazy, useEffect, useState } from 'react';
import { whenFirstDataIn } from '../../lib/data/supabase';

const NotificationBell = lazy(() => import('./NotificationBell'));

export function NotificationBellSlot({ ready, dark = false }: { ready: boolean; dark?: boolean }) {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    // After the first data, and then when the browser is idle: the screen's own code comes first.
    if (ready) void whenFirstDataIn(4000).then(() => ('requestIdleCallback' in window ? requestIdleCallback(() => setLoad(true), { timeout: 3000 }) : setTimeout(() => setLoad(true), 500)));
  }, [ready]);
  const placeholder = <span aria-hidden="true" className="ml-auto h-10 w-10 shrink-0" />;
  return load ? (
    <Suspense fallback={placeholder}>
      <NotificationBell dark={dark} />
    </Suspense>
  ) : (
    placeholder
  );
}
