// A stand-in for supabase-js's query builder that records every call and answers with a queued result.
// Used by the clients/tasks unit tests to check the queries the data modules build.
export type Call = [method: string, ...args: unknown[]];
export interface Result {
  data?: unknown;
  error?: { message: string; code?: string } | null;
  count?: number | null;
  status?: number;
}

export function createFakeSupabase() {
  const queries: { table: string; calls: Call[] }[] = [];
  const rpcs: { fn: string; args: unknown }[] = [];
  const results: Result[] = [];
  const refresh = { calls: 0, error: null as { message: string } | null };

  function next(): Result {
    return results.shift() ?? { data: [], error: null, count: 0 };
  }

  function builder(table: string) {
    const entry = { table, calls: [] as Call[] };
    queries.push(entry);
    let settled: Promise<Result> | null = null;
    const proxy: any = new Proxy(
      {},
      {
        get(_t, prop: string) {
          if (prop === 'then') {
            settled ??= Promise.resolve(next());
            return (ok: (r: Result) => unknown, ko?: (e: unknown) => unknown) =>
              settled!.then((r) => ({ data: null, error: null, count: null, status: 200, ...r })).then(ok, ko);
          }
          return (...args: unknown[]) => {
            entry.calls.push([prop, ...args]);
            return proxy;
          };
        },
      },
    );
    return proxy;
  }

  const signedIn = { role: 'user' as 'user' | 'admin' };

  const client = {
    from: (table: string) => builder(table),
    /** A call is recorded in `rpcs`; what is chained on it (`.select('id')`) is recorded as the query `rpc:<fn>`. */
    rpc: (fn: string, args?: unknown) => {
      rpcs.push({ fn, args });
      return builder(`rpc:${fn}`);
    },
    auth: {
      /** The signed-in user is 'u1', with the role set in `signedIn.role` (app_metadata.role). */
      getSession: async () => ({
        data: { session: { user: { id: 'u1', app_metadata: { role: signedIn.role } } } },
        error: null,
      }),
      refreshSession: async () => {
        refresh.calls += 1;
        return { data: {}, error: refresh.error };
      },
    },
  };

  return {
    client,
    queries,
    rpcs,
    refresh,
    signedIn,
    /** Queue the answers of the next awaited queries, in order. */
    answer(...r: Result[]) {
      results.push(...r);
    },
    reset() {
      queries.length = 0;
      rpcs.length = 0;
      results.length = 0;
      refresh.calls = 0;
      refresh.error = null;
      signedIn.role = 'user';
    },
    /** The calls of the last query on `table`. */
    last(table: string): Call[] {
      const q = [...queries].reverse().find((x) => x.table === table);
      if (!q) throw new Error(`no query on ${table}`);
      return q.calls;
    },
  };
}
