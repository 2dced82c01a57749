// The SQL a database gets, in order: the bootstrap files (what Supabase's image provides plus this server's own
// tables, on every start, idempotent), the project's migrations (each once, in its own transaction, recorded by
// name and checksum) and the seed (once, when the database is new).
import type { PGlite } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeDbError } from './pglite.ts';

export const BOOTSTRAP_SQL_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'sql');

export interface SqlFile {
  name: string;
  sql: string;
}

export interface SqlSources {
  bootstrap: SqlFile[];
  migrations: SqlFile[];
  seed: string | null;
}

function readSqlDir(dir: string): SqlFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** Every SQL text a start may apply, read up front (a snapshot's key depends on all of them). */
export function readSqlSources(migrationsDir: string | null, seedFile: string | null): SqlSources {
  return {
    bootstrap: readSqlDir(BOOTSTRAP_SQL_DIR),
    migrations: migrationsDir ? readSqlDir(migrationsDir) : [],
    seed: seedFile && fs.existsSync(seedFile) ? fs.readFileSync(seedFile, 'utf8') : null,
  };
}

/** The names and texts that identify a database built from `sources`. */
export function sourceList(sources: SqlSources): SqlFile[] {
  return [
    ...sources.bootstrap.map((f) => ({ name: `bootstrap/${f.name}`, sql: f.sql })),
    ...sources.migrations.map((f) => ({ name: `migrations/${f.name}`, sql: f.sql })),
    { name: 'seed', sql: sources.seed ?? '' },
  ];
}

export async function applyBootstrap(pg: PGlite, files: SqlFile[]): Promise<void> {
  for (const file of files) {
    try {
      await pg.exec(file.sql);
    } catch (err) {
      throw new Error(`local-supabase/sql/${file.name} failed: ${describeDbError(err)}`);
    }
  }
}

/**
 * Applies the migrations not applied yet and returns their names. A file changed after it was applied is reported,
 * not applied again (rebuilding the database is the way to run it anew).
 */
export async function applyMigrations(pg: PGlite, migrations: SqlFile[], log: (line: string) => void): Promise<string[]> {
  const applied = new Map(
    (await pg.query<{ name: string; checksum: string }>('select name, checksum from local_supabase.schema_migrations')).rows.map(
      (r) => [r.name, r.checksum],
    ),
  );
  const appliedNow: string[] = [];
  for (const { name: file, sql } of migrations) {
    const checksum = createHash('sha256').update(sql).digest('hex');
    const known = applied.get(file);
    if (known !== undefined) {
      if (known !== checksum) log(`warning: migration ${file} changed after it was applied; it is not applied again (npm run db:reset rebuilds the database)`);
      continue;
    }
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into local_supabase.schema_migrations (name, checksum) values ($1, $2)', [file, checksum]);
      });
    } catch (err) {
      throw new Error(`migration ${file} failed: ${describeDbError(err)}`);
    }
    appliedNow.push(file);
    log(`applied migration ${file}`);
  }
  return appliedNow;
}

/** Marks the database initialised, applying the seed first, unless it already is; true when this call did it. */
export async function initializeOnce(
  pg: PGlite,
  seed: string | null,
  seedFile: string | null,
  log: (line: string) => void,
): Promise<boolean> {
  const initialized = (await pg.query(`select 1 from local_supabase.meta where key = 'initialized'`)).rows.length > 0;
  if (initialized) return false;
  try {
    await pg.transaction(async (tx) => {
      if (seed) await tx.exec(seed);
      await tx.query(`insert into local_supabase.meta (key, value) values ('initialized', now()::text)`);
    });
  } catch (err) {
    throw new Error(`seed ${seedFile} failed: ${describeDbError(err)}`);
  }
  if (seed) log(`applied seed ${path.basename(seedFile!)}`);
  return true;
}
