// The PGlite every database of this project runs on: PostgreSQL in WebAssembly with the extensions it needs
// (pg_trgm, and pgcrypto which a Supabase project has in schema `extensions`).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

export type DB = PGlite;

/** Creates a PGlite (in memory, or in `pgDataDir`), optionally booted from a dump made by `dumpDataDir`. */
export async function createPGlite(pgDataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  const pg = await PGlite.create(pgDataDir, { extensions: { pg_trgm, pgcrypto }, ...(loadDataDir ? { loadDataDir } : {}) });
  await applyStoredSettings(pg);
  return pg;
}

/**
 * Gives PGlite's one session the settings stored with `alter database … set` / `alter role … set`, which a
 * PostgreSQL server applies to every new connection and PGlite never does: without this a reopened data folder or
 * a database booted from a snapshot loses `extensions` from its search_path, and `crypt()` in a later migration or
 * seed is not found. Applied in PostgreSQL's order, the more specific last: all databases, this database, this
 * role, this role in this database.
 */
async function applyStoredSettings(pg: PGlite): Promise<void> {
  await pg.exec(`
    do $$ declare item text; begin
      for item in
        select unnest(s.setconfig) from pg_db_role_setting s
         where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
           and s.setrole in (0, (select oid from pg_roles where rolname = session_user))
         order by s.setrole <> 0, s.setdatabase <> 0
      loop
        perform set_config(split_part(item, '=', 1), substr(item, strpos(item, '=') + 1), false);
      end loop;
    end $$`);
}

/** A PostgreSQL error as one line: message, then DETAIL and HINT when the server gave them. */
export function describeDbError(err: unknown): string {
  const e = err as { message?: string; detail?: string; hint?: string };
  return [e.message ?? String(err), e.detail && `DETAIL: ${e.detail}`, e.hint && `HINT: ${e.hint}`]
    .filter(Boolean)
    .join(' ');
}
