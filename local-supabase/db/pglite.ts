// The PGlite every database of this project runs on: PostgreSQL in WebAssembly with the extensions it needs
// (pg_trgm, and pgcrypto which a Supabase project has in schema `extensions`).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

export type DB = PGlite;

/** Creates a PGlite (in memory, or in `pgDataDir`), optionally booted from a dump made by `dumpDataDir`. */
export async function createPGlite(pgDataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(pgDataDir, { extensions: { pg_trgm, pgcrypto }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** A PostgreSQL error as one line: message, then DETAIL and HINT when the server gave them. */
export function describeDbError(err: unknown): string {
  const e = err as { message?: string; detail?: string; hint?: string };
  return [e.message ?? String(err), e.detail && `DETAIL: ${e.detail}`, e.hint && `HINT: ${e.hint}`]
    .filter(Boolean)
    .join(' ');
}
