// Opening the database of one local Supabase start: take the data folder (or none, in memory), boot PGlite from a
// snapshot of the same SQL when there is one, otherwise apply the bootstrap SQL, the migrations and the seed.
import type { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import path from 'node:path';
import { clearStalePostmasterPid, lockDataDir } from './data-dir.ts';
import { dataDirSecret } from './jwt-secret.ts';
import { applyBootstrap, applyMigrations, initializeOnce, readSqlSources, sourceList } from './migrations.ts';
import { createPGlite, describeDbError } from './pglite.ts';
import { dropSnapshot, readSnapshot, snapshotKey, writeSnapshot } from './snapshots.ts';

export interface OpenDatabaseOptions {
  /** Data folder; null = in-memory. */
  dataDir: string | null;
  migrationsDir: string | null;
  seedFile: string | null;
  log?: (line: string) => void;
}

export interface OpenedDatabase {
  pg: PGlite;
  /** True when this start created the database (and applied the seed, if any). */
  isNew: boolean;
  appliedMigrations: string[];
  /** The folder's own JWT secret (null for in-memory databases). */
  folderSecret: string | null;
  close(): Promise<void>;
}

/** Takes the data folder: its lock, a clean PGlite directory, and its JWT secret. */
function takeDataDir(dataDir: string, log: (line: string) => void) {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  try {
    const pgDataDir = path.join(dir, 'pgdata');
    if (clearStalePostmasterPid(pgDataDir)) log('removed a stale postmaster.pid left by an instance that died');
    return { release, pgDataDir, folderSecret: dataDirSecret(dir) };
  } catch (err) {
    release();
    throw err;
  }
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const log = opts.log ?? (() => {});
  const folder = opts.dataDir ? takeDataDir(opts.dataDir, log) : null;
  let release = folder?.release ?? null;
  const pgDataDir = folder?.pgDataDir;
  const folderSecret = folder?.folderSecret ?? null;

  const sources = readSqlSources(opts.migrationsDir, opts.seedFile);
  const key = pgDataDir ? null : snapshotKey(sourceList(sources));
  let snapshot = key ? readSnapshot(key) : null;

  let pg: PGlite;
  try {
    try {
      pg = await createPGlite(pgDataDir, snapshot ?? undefined);
    } catch (err) {
      if (!snapshot || !key) throw err;
      // An unusable snapshot (damaged file): drop it and build the database from the SQL.
      log(`snapshot ${key} unusable (${describeDbError(err)}); building from the SQL`);
      dropSnapshot(key);
      snapshot = null;
      pg = await createPGlite(pgDataDir);
    }
  } catch (err) {
    release?.();
    throw err;
  }
  if (snapshot) {
    log('in-memory database restored from a snapshot of the same SQL');
    return {
      pg,
      isNew: true,
      appliedMigrations: sources.migrations.map((m) => m.name),
      folderSecret,
      close: async () => {
        if (!pg.closed) await pg.close();
      },
    };
  }

  const close = async () => {
    try {
      if (!pg.closed) await pg.close();
    } finally {
      release?.();
      release = null;
    }
  };

  try {
    await applyBootstrap(pg, sources.bootstrap);
    const appliedMigrations = opts.migrationsDir ? await applyMigrations(pg, sources.migrations, log) : [];
    const isNew = await initializeOnce(pg, sources.seed, opts.seedFile, log);
    if (key) await writeSnapshot(pg, key);
    return { pg, isNew, appliedMigrations, folderSecret, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}
