// The page's Supabase Realtime client (realtime-js), loaded on first use only: no screen's first chunk carries it, and a
// screen asks for it after its first paint. It connects to the project's /realtime/v1 with the publishable key and the
// signed-in user's access token (read again on every join and heartbeat, so a refreshed token keeps the deliveries
// going), exactly as supabase-js's own client wires it.
import type { RealtimeClient } from '@supabase/realtime-js';
import { SUPABASE_KEY, SUPABASE_URL } from './session-key';
import { supabase } from './supabase';

let client: Promise<RealtimeClient> | null = null;

/** The shared Realtime client; a failed load (offline) is forgotten so the next call tries again. */
export function realtime(): Promise<RealtimeClient> {
  return (client ??= import('@supabase/realtime-js').then(
    ({ RealtimeClient: Client }) => {
      const base = new URL(SUPABASE_URL.endsWith('/') ? SUPABASE_URL : `${SUPABASE_URL}/`);
      const url = new URL('realtime/v1', base).href.replace(/^http/, 'ws');
      const key = SUPABASE_KEY || 'missing-publishable-key';
      return new Client(url, {
        params: { apikey: key },
        accessToken: async () => (await supabase.auth.getSession()).data.session?.access_token ?? key,
      });
    },
    (e: unknown) => {
      client = null;
      throw e;
    },
  ));
}
