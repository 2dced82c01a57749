// The one Supabase client of a page. Only modules in src/lib import it; components and islands call those modules.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types';

/** API URL the site was built for; the local Supabase of `npm start` when the build had no env. */
export const SUPABASE_URL: string = import.meta.env.PUBLIC_SUPABASE_URL || 'http://127.0.0.1:54321';
const SUPABASE_ANON_KEY: string = import.meta.env.PUBLIC_SUPABASE_ANON_KEY || '';

if (!SUPABASE_ANON_KEY && import.meta.env.DEV) {
  console.warn('PUBLIC_SUPABASE_ANON_KEY não definido: use `npm run dev` ou defina as variáveis de ambiente.');
}

/** Pages are prerendered in Node 20, which has no WebSocket: realtime (unused by the product) gets a stand-in there. */
class NoWebSocketAtBuildTime {
  constructor() {
    throw new Error('Realtime is not available while prerendering.');
  }
}

export const supabase: SupabaseClient<Database> = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY || 'missing-anon-key', {
  ...(import.meta.env.SSR ? { realtime: { transport: NoWebSocketAtBuildTime as unknown as typeof WebSocket } } : {}),
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  },
});
