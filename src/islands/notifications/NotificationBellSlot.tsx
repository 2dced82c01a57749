// Where the bell sits in a sidebar. The bell's code (list, panel, Realtime) is not part of any screen's first chunk:
// it is fetched once the screen's first data has painted; until then an inert bell of the same size holds its place.
import { Suspense, lazy, useEffect, useState } from 'react';
import { Bell } from 'lucide-react';
import { whenFirstDataIn } from '../../lib/data/supabase';
import { cn } from '../../components/ui/cn';

const NotificationBell = lazy(() => import('./NotificationBell'));

export function NotificationBellSlot({ ready, dark = false }: { ready: boolean; dark?: boolean }) {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    void whenFirstDataIn(4000).then(() => live && setLoad(true));
    return () => {
      live = false;
    };
  }, [ready]);
  const placeholder = (
    <span
      aria-hidden="true"
      className={cn('ml-auto flex h-10 w-10 shrink-0 items-center justify-center rounded-full', dark ? 'text-slate-500' : 'text-slate-300')}
    >
      <Bell className="h-5 w-5" />
    </span>
  );
  if (!load) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell dark={dark} />
    </Suspense>
  );
}
