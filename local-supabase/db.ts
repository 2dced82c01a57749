// The database side of the local Supabase: opening PGlite (in memory or in a data folder it owns), applying the
// bootstrap SQL, the project's migrations and the seed, and running work as an API role with JWT claims set.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type DB = PGlite;

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const BOOTSTRAP_SQL_DIR = path.join(HERE, 'sql');

/** Creates a PGlite with the extensions every database of this project needs. */
export async function createPGlite(pgDataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(pgDataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

// ---------------------------------------------------------------------------------------------------------------
// Snapshots of fresh in-memory databases
//
// Booting PGlite from a dump of an already initialised database is several times faster than initdb plus every
// migration, and tests start many in-memory instances with the same SQL. The key covers PGlite's version and the
// exact text of every SQL file applied, so any change to them builds a new snapshot.

const SNAPSHOT_DIR = path.join(HERE, '..', 'node_modules', '.cache', 'local-supabase');
const SNAPSHOTS_KEPT = 6;

function pgliteVersion(): string {
  try {
    const pkg = path.join(HERE, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return JSON.parse(fs.readFileSync(pkg, 'utf8')).version ?? '?';
  } catch {
    return '?';
  }
}

function snapshotKey(files: { name: string; sql: string }[]): string {
  const h = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const f of files) h.update(`${f.name}\n${f.sql.length}\n${f.sql}\n`);
  return h.digest('hex').slice(0, 32);
}

function readSnapshot(key: string): Blob | null {
  if (process.env.LOCAL_SUPABASE_NO_SNAPSHOT) return null;
  try {
    return new Blob([fs.readFileSync(path.join(SNAPSHOT_DIR, `${key}.tar`))]);
  } catch {
    return null;
  }
}

async function writeSnapshot(pg: PGlite, key: string): Promise<void> {
  if (process.env.LOCAL_SUPABASE_NO_SNAPSHOT) return;
  try {
    const dump = await pg.dumpDataDir('none');
    fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
    const tmp = path.join(SNAPSHOT_DIR, `${key}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(tmp, path.join(SNAPSHOT_DIR, `${key}.tar`)); // atomic: readers never see half a file
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    const old = fs
      .readdirSync(SNAPSHOT_DIR)
      .filter((f) => f.endsWith('.tar'))
      .map((f) => ({ f, t: fs.statSync(path.join(SNAPSHOT_DIR, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t)
      .slice(SNAPSHOTS_KEPT);
    for (const { f } of old) fs.rmSync(path.join(SNAPSHOT_DIR, f), { force: true });
  } catch {
    /* a cache: failing to write it only costs time next start */
  }
}

/**
 * Runs `fn` in one transaction as the claims' role with `request.jwt.claims` set, as PostgREST does:
 * the first statement sets both settings transaction-locally; a throw rolls everything back.
 */
export async function withClaims<T>(
  pg: PGlite,
  claims: Record<string, unknown> & { role: string },
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return pg.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      claims.role,
      JSON.stringify(claims),
    ]);
    return fn(tx);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Data folder ownership

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `A pasta de dados ${dataDir} já está em uso por outra instância do local-supabase (pid ${pid}). ` +
        `Pare essa instância (Ctrl-C) ou use outra pasta com --data-dir.`,
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'local-supabase.pid';
const heldLocks = new Set<string>();

/** The kernel's start time of a process (Linux), so a recycled pid is not mistaken for the lock's owner. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z' || fields[0] === 'X') return 'dead';
    return fields[19] ?? null; // field 22 of stat: starttime
  } catch {
    return null;
  }
}

function processAlive(pid: number, startTime: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStartTime(pid);
  if (now === 'dead') return false;
  if (startTime && now && now !== startTime) return false; // the pid now belongs to another process
  return true;
}

/** Takes the data folder's lock; throws DataDirLockedError when a live instance holds it. Returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const content = JSON.stringify({ pid: process.pid, start: processStartTime(process.pid) });
      fs.writeFileSync(file, content + '\n', { flag: 'wx' });
      heldLocks.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldLocks.delete(file);
        try {
          const now = JSON.parse(fs.readFileSync(file, 'utf8'));
          if (now.pid === process.pid) fs.rmSync(file, { force: true });
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner: { pid?: number; start?: string | null } = {};
    try {
      owner = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      /* unreadable or half-written: treat as stale */
    }
    const pid = Number(owner.pid);
    if (Number.isInteger(pid) && pid > 0) {
      const ours = pid === process.pid;
      if ((ours && heldLocks.has(file)) || (!ours && processAlive(pid, owner.start ?? null))) {
        throw new DataDirLockedError(dataDir, pid);
      }
    }
    fs.rmSync(file, { force: true }); // the owner is gone
  }
  throw new Error(`Não foi possível obter o controle da pasta de dados ${dataDir}.`);
}

/**
 * PGlite leaves `postmaster.pid` behind when its process dies, and then hangs forever on the next open.
 * Called only while we hold the data folder's lock, i.e. no live instance of ours is using the folder.
 */
export function clearStalePostmasterPid(pgDataDir: string): boolean {
  const file = path.join(pgDataDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return false;
  fs.rmSync(file, { force: true });
  return true;
}

/** The folder's JWT secret, generated on first use and kept (mode 0600) next to the database. */
export function dataDirSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

// ---------------------------------------------------------------------------------------------------------------
// Opening and migrating

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

function sqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function describe(err: unknown): string {
  const e = err as { message?: string; detail?: string; hint?: string; position?: string };
  return [e.message ?? String(err), e.detail && `DETAIL: ${e.detail}`, e.hint && `HINT: ${e.hint}`]
    .filter(Boolean)
    .join(' ');
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const log = opts.log ?? (() => {});
  let release: (() => void) | null = null;
  let pgDataDir: string | undefined;
  let folderSecret: string | null = null;

  if (opts.dataDir) {
    const dataDir = path.resolve(opts.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
    try {
      pgDataDir = path.join(dataDir, 'pgdata');
      if (clearStalePostmasterPid(pgDataDir)) log('removed a stale postmaster.pid left by an instance that died');
      folderSecret = dataDirSecret(dataDir);
    } catch (err) {
      release();
      throw err;
    }
  }

  // Every SQL text this start may apply, read up front (the snapshot key depends on them).
  const bootstrap = sqlFiles(BOOTSTRAP_SQL_DIR).map((name) => ({
    name,
    sql: fs.readFileSync(path.join(BOOTSTRAP_SQL_DIR, name), 'utf8'),
  }));
  const migrations = opts.migrationsDir
    ? sqlFiles(opts.migrationsDir).map((name) => ({ name, sql: fs.readFileSync(path.join(opts.migrationsDir!, name), 'utf8') }))
    : [];
  const seed = opts.seedFile && fs.existsSync(opts.seedFile) ? fs.readFileSync(opts.seedFile, 'utf8') : null;
  const key = pgDataDir
    ? null
    : snapshotKey([
        ...bootstrap.map((f) => ({ name: `bootstrap/${f.name}`, sql: f.sql })),
        ...migrations.map((f) => ({ name: `migrations/${f.name}`, sql: f.sql })),
        { name: 'seed', sql: seed ?? '' },
      ]);
  let snapshot = key ? readSnapshot(key) : null;

  let pg: PGlite;
  try {
    try {
      pg = await createPGlite(pgDataDir, snapshot ?? undefined);
    } catch (err) {
      if (!snapshot || !key) throw err;
      // An unusable snapshot (damaged file): drop it and build the database from the SQL.
      log(`snapshot ${key} unusable (${describe(err)}); building from the SQL`);
      fs.rmSync(path.join(SNAPSHOT_DIR, `${key}.tar`), { force: true });
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
      appliedMigrations: migrations.map((m) => m.name),
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
    for (const file of bootstrap) {
      try {
        await pg.exec(file.sql);
      } catch (err) {
        throw new Error(`local-supabase/sql/${file.name} failed: ${describe(err)}`);
      }
    }

    const appliedMigrations: string[] = [];
    if (opts.migrationsDir) {
      const applied = new Map(
        (
          await pg.query<{ name: string; checksum: string }>('select name, checksum from local_supabase.schema_migrations')
        ).rows.map((r) => [r.name, r.checksum]),
      );
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
          throw new Error(`migration ${file} failed: ${describe(err)}`);
        }
        appliedMigrations.push(file);
        log(`applied migration ${file}`);
      }
    }

    const initialized = (await pg.query(`select 1 from local_supabase.meta where key = 'initialized'`)).rows.length > 0;
    let isNew = false;
    if (!initialized) {
      isNew = true;
      try {
        await pg.transaction(async (tx) => {
          if (seed) await tx.exec(seed);
          await tx.query(`insert into local_supabase.meta (key, value) values ('initialized', now()::text)`);
        });
      } catch (err) {
        throw new Error(`seed ${opts.seedFile} failed: ${describe(err)}`);
      }
      if (seed) log(`applied seed ${path.basename(opts.seedFile!)}`);
    }
    if (key) await writeSnapshot(pg, key);
    return { pg, isNew, appliedMigrations, folderSecret, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}
