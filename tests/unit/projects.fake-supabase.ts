// A recording stand-in for the supabase-js client used by the data-module unit tests: every query
// records its chain of calls ([method, ...args]) and resolves to the next queued response.
import { vi } from 'vitest';

export interface FakeResponse {
  data?: unknown;
  error?: { message: string; code?: string; details?: string; hint?: string } | null;
  count?: number | null;
  status?: number;
}

export function createFakeSupabase() {
  const calls: unknown[][][] = [];
  const responses: FakeResponse[] = [];
  let session: { user: { id: string; app_metadata?: { role: string } } } | null = { user: { id: 'user-1' } };

  function nextResponse() {
    const r = responses.shift() ?? { data: [] };
    return { data: r.data ?? null, error: r.error ?? null, count: r.count ?? null, status: r.status ?? (r.error ? 400 : 200) };
  }

  function builder(first: unknown[]) {
    const chain: unknown[][] = [first];
    calls.push(chain);
    const proxy: Record<string, unknown> = new Proxy(
      {},
      {
        get(_t, prop: string) {
          if (prop === 'then') {
            const result = nextResponse();
            return (resolve: (v: unknown) => void) => resolve(result);
          }
          return (...args: unknown[]) => {
            chain.push([prop, ...args]);
            return proxy;
          };
        },
      },
    );
    return proxy;
  }

  const client = {
    from: (table: string) => builder(['from', table]),
    rpc: (name: string, args?: unknown) => builder(['rpc', name, args]),
    auth: {
      getSession: vi.fn(async () => ({ data: { session }, error: null })),
      refreshSession: vi.fn(async () => ({ data: { session }, error: null as null | { message: string } })),
    },
  };

  return {
    client,
    calls,
    /** Queue the answers of the next queries, in order. */
    respond: (...r: FakeResponse[]) => responses.push(...r),
    signOut: () => {
      session = null;
    },
    /** The signed-in user becomes 'admin-1', an admin (app_metadata.role), until reset. */
    signInAsAdmin: () => {
      session = { user: { id: 'admin-1', app_metadata: { role: 'admin' } } };
    },
    reset: () => {
      calls.length = 0;
      responses.length = 0;
      session = { user: { id: 'user-1' } };
      client.auth.refreshSession.mockClear();
    },
  };
}
