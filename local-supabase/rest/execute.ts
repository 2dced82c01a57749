// One transaction per request, as PostgREST runs it: read-only for GET/HEAD, then the role and the
// request GUCs (transaction-local), then the operation. Any error or a `.single()` miss rolls it back.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { forbiddenRole, unknownRole, type Identity } from './auth.ts';
import { getCatalog, refreshCatalog, type Catalog } from './catalog.ts';
import { RestError, Rollback, toRestError } from './errors.ts';
import type { RestResponse } from './operations.ts';

/** `schema`: the exposed schema the request addresses (its catalog is used and it leads the search_path). */
export interface RequestInfo { method: string; path: string; headers: Record<string, string>; schema?: string }

/** Lookup misses that a stale schema cache could explain: worth one reload and retry. */
const CACHE_MISSES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703', '22023']);

async function attempt(
  pg: PGlite, who: Identity, req: RequestInfo, readOnly: boolean,
  work: (tx: Transaction, cat: Catalog) => Promise<RestResponse>,
): Promise<RestResponse> {
  return pg.transaction(async (tx) => {
    if (readOnly) await tx.query('set transaction read only');
    const cat = await getCatalog(pg, tx, req.schema ?? 'public');
    const superuser = cat.roles.get(who.role);
    if (superuser === undefined) throw unknownRole(who.role);
    if (superuser || who.role.startsWith('pg_')) throw forbiddenRole(who.role);
    await tx.query(
      `select set_config('search_path', $6, true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true), set_config('request.headers', $5, true)`,
      [who.role, JSON.stringify(who.claims), req.method, req.path, JSON.stringify(req.headers), searchPath(req.schema ?? 'public')],
    );
    return work(tx, cat);
  });
}

/** The addressed schema first, then `public` and `extensions`, each quoted. */
function searchPath(schema: string): string {
  return [...new Set([schema, 'public', 'extensions'])].map((s) => `"${s.replace(/"/g, '""')}"`).join(', ');
}

export async function inTransaction(
  pg: PGlite, who: Identity, req: RequestInfo, readOnly: boolean,
  work: (tx: Transaction, cat: Catalog) => Promise<RestResponse>,
): Promise<RestResponse> {
  try {
    return await attempt(pg, who, req, readOnly, work);
  } catch (e) {
    if (e instanceof Rollback) return e.response;
    if (e instanceof RestError && CACHE_MISSES.has(e.code) && (await pg.transaction((tx) => refreshCatalog(pg, tx, req.schema ?? 'public')))) {
      try {
        return await attempt(pg, who, req, readOnly, work);
      } catch (again) {
        if (again instanceof Rollback) return again.response;
        throw again;
      }
    }
    throw e;
  }
}

export function errorResponse(e: unknown, anon: boolean): RestResponse {
  const err = toRestError(e, anon);
  return {
    status: err.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...err.headers },
    body: JSON.stringify(err.body()),
  };
}
