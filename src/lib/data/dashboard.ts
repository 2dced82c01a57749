// The dashboard's visit record (rpc record_dashboard_visit): whether this is the account's first dashboard visit,
// kept by the database so it holds across devices and browsers.
import { supabase } from './supabase';
import { run, toDataError } from './data-errors';

const visits = new Map<string, Promise<boolean>>();

/**
 * Records the signed-in user's dashboard visit and answers whether it was the account's first. Asked once per user and
 * page load: a second render (or a remount) gets the same answer instead of 'not the first' from a second call.
 */
export function recordDashboardVisit(userId: string): Promise<boolean> {
  let visit = visits.get(userId);
  if (!visit) {
    visit = (async () => {
      const { data, error, status } = await run(() => supabase.rpc('record_dashboard_visit'));
      if (error) throw toDataError(error, status);
      return data === true;
    })();
    visits.set(userId, visit);
    visit.catch(() => visits.delete(userId));
  }
  return visit;
}
