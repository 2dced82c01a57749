// Test databases for the schema: a fresh PGlite (what local-supabase runs) or a real PostgreSQL 15
// server (what a hosted Supabase runs), both prepared the same way and driven through one small interface.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import pg from 'pg';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS_DIR = join(ROOT, 'supabase/migrations');
export const SEED_FILE = join(ROOT, 'supabase/seed.sql');
const IMAGE_SQL_DIR = join(ROOT, 'local-supabase/sql');

export type Row = Record<string, unknown>;
export interface QueryResult { rows: Row[]; affectedRows: number }

/** The little the tests need from a database connection, whatever engine is behind it. */
export interface TestDb {
  readonly engine: 'pglite' | 'postgres15';
  query(sql: string, params?: unknown[]): Promise<QueryResult>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  /** A second, independent connection as `postgres` (PostgreSQL 15 only): for tests of concurrent transactions. */
  connectAnother?(): Promise<pg.Client>;
}

/** SQL files in name order. */
export function sqlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().map((f) => join(dir, f));
}

/** What the database gets before the seed: Supabase's image stand-in, then the project's migrations. */
export function schemaFiles(): string[] {
  return [...sqlFiles(IMAGE_SQL_DIR), ...sqlFiles(MIGRATIONS_DIR)];
}

export async function applyFiles(db: TestDb, files: string[]): Promise<void> {
  for (const file of files) {
    try {
      await db.exec(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  }
}

export interface PrepareOptions { seed?: boolean; extraFiles?: string[] }

async function prepare(db: TestDb, options: PrepareOptions): Promise<TestDb> {
  await applyFiles(db, schemaFiles());
  if (options.seed) await applyFiles(db, [SEED_FILE]);
  if (options.extraFiles) await applyFiles(db, options.extraFiles);
  return db;
}

function wrapPglite(pglite: PGlite): TestDb {
  return {
    engine: 'pglite',
    async query(sql, params) {
      const result = await pglite.query<Row>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql) {
      await pglite.exec(sql);
    },
    async close() {
      await pglite.close();
    },
  };
}

/** A fresh in-memory PGlite with pg_trgm and pgcrypto, the image SQL and the migrations applied (and the seed if asked). */
export async function createPgliteDb(options: PrepareOptions = {}): Promise<TestDb> {
  const pglite = await PGlite.create({ extensions: { pg_trgm, pgcrypto } });
  return prepare(wrapPglite(pglite), options);
}

export const PG15_BIN = '/usr/lib/postgresql/15/bin';
export const pg15Available = existsSync(join(PG15_BIN, 'postgres')) && existsSync(join(PG15_BIN, 'initdb'));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** Postgres refuses to run as root: run its binaries as the `postgres` OS user then. */
function asServerUser(bin: string, args: string[]): [string, string[]] {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return isRoot ? ['runuser', ['-u', 'postgres', '--', join(PG15_BIN, bin), ...args]] : [join(PG15_BIN, bin), args];
}

/**
 * Starts a throw-away PostgreSQL 15 in a temporary directory (unix socket only, on a free port number),
 * applies the image SQL as the superuser and the migrations as a non-superuser `postgres` with the rights
 * a hosted Supabase gives it, and stops the server and removes the directory on close().
 */
export async function createPostgres15Db(options: PrepareOptions = {}): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-ia-pg15-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const [initCmd, initArgs] = asServerUser('initdb', ['-D', dataDir, '-U', 'supabase_admin', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  writeFileSync(join(dir, 'README'), 'Temporary PostgreSQL 15 cluster of the portal-ia database tests.\n');
  const port = await freePort();
  const [cmd, args] = asServerUser('postgres', [
    '-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=', '-c', 'fsync=off',
    '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
  ]);
  const server = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let serverLog = '';
  server.stderr.on('data', (chunk) => { serverLog += String(chunk); });
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  /** Signals the postmaster itself: runuser, when used, does not pass signals on. */
  const signalServer = (signal: NodeJS.Signals) => {
    try {
      process.kill(Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), signal);
    } catch {
      server.kill(signal);
    }
  };
  // If the test process dies without close(), do not leave a server or its files behind.
  const emergencyStop = () => {
    signalServer('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', emergencyStop);

  let admin: pg.Client;
  const deadline = Date.now() + 30_000;
  for (;;) {
    admin = new pg.Client({ host: dir, port, user: 'supabase_admin', database: 'postgres' });
    try {
      await admin.connect();
      break;
    } catch (error) {
      await admin.end().catch(() => undefined);
      if (Date.now() > deadline || server.exitCode !== null) {
        process.removeListener('exit', emergencyStop);
        emergencyStop();
        throw new Error(`PostgreSQL 15 did not start: ${(error as Error).message}\n${serverLog}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  // As on a hosted project: the image SQL runs as the superuser, the migrations as a non-superuser `postgres`.
  let client: pg.Client | null = null;
  const db: TestDb = {
    engine: 'postgres15',
    async query(sql, params) {
      const result = await (client ?? admin).query(sql, params as unknown[] | undefined);
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql) {
      await (client ?? admin).query(sql);
    },
    async close() {
      process.removeListener('exit', emergencyStop);
      await client?.end().catch(() => undefined);
      await admin.end().catch(() => undefined);
      signalServer('SIGINT'); // fast shutdown
      const timer = setTimeout(() => signalServer('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
    async connectAnother() {
      const another = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
      await another.connect();
      return another;
    },
  };
  try {
    await admin.query(`create role postgres login createrole createdb replication bypassrls`);
    await applyFiles(db, sqlFiles(IMAGE_SQL_DIR));
    await admin.query(HOSTED_ROLES_SQL);
    client = new pg.Client({ host: dir, port, user: 'postgres', database: 'postgres' });
    await client.connect();
    await applyFiles(db, sqlFiles(MIGRATIONS_DIR));
    if (options.seed) await applyFiles(db, [SEED_FILE]);
    if (options.extraFiles) await applyFiles(db, options.extraFiles);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * What a hosted Supabase gives its `postgres` role (a non-superuser that runs the migrations) on top of
 * the image: auth.users owned by the auth server's role, full rights on the auth tables, the public schema,
 * the extensions schema, membership of the API roles, and setting session_replication_role (restores and data fixes
 * switch triggers off with it). `supabase_auth_admin` stands for GoTrue.
 */
const HOSTED_ROLES_SQL = `
  create role supabase_auth_admin noinherit createrole login;
  grant all on schema auth to supabase_auth_admin;
  alter table auth.users owner to supabase_auth_admin;
  alter table auth.identities owner to supabase_auth_admin;
  grant all on schema auth to postgres;
  grant all on all tables in schema auth to postgres;
  grant all on all sequences in schema auth to postgres;
  alter schema public owner to postgres;
  grant all on schema extensions to postgres;
  grant create on database postgres to postgres;
  grant anon, authenticated, service_role to postgres;
  grant set on parameter session_replication_role to postgres;
  grant supabase_auth_admin to postgres;
  alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
  alter default privileges for role postgres in schema public grant execute on functions to anon, authenticated, service_role;
`;

/** A JWT's claims as GoTrue issues them (only what the policies read). */
export interface Actor { role: 'anon' | 'authenticated' | 'service_role'; sub?: string; email?: string; appRole?: string; userMetadata?: Row }

export function claimsOf(actor: Actor): Row {
  const claims: Row = { role: actor.role, aud: actor.role === 'anon' ? undefined : 'authenticated' };
  if (actor.sub) {
    claims.sub = actor.sub;
    claims.email = actor.email;
    claims.app_metadata = { provider: 'email', providers: ['email'], ...(actor.appRole ? { role: actor.appRole } : {}) };
    claims.user_metadata = actor.userMetadata ?? {};
  }
  return claims;
}

export interface DbError { code: string; message: string }

export function asDbError(error: unknown): DbError {
  const e = error as { code?: string; message?: string };
  return { code: e.code ?? 'unknown', message: e.message ?? String(error) };
}

/**
 * Runs `work` inside one transaction as the actor, the way PostgREST runs a request
 * (role and request.jwt.claims set locally), then rolls back unless `commit` is true.
 * With `nested`, it runs inside the caller's open transaction instead, in a savepoint that is always
 * rolled back (role and claims included).
 */
export async function asActor<T>(
  db: TestDb,
  actor: Actor,
  work: (q: TestDb['query']) => Promise<T>,
  commit: boolean | 'nested' = false,
): Promise<T> {
  const nested = commit === 'nested';
  await db.query(nested ? 'savepoint as_actor' : 'begin');
  const undo = nested ? 'rollback to savepoint as_actor' : 'rollback';
  try {
    await db.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      actor.role,
      JSON.stringify(claimsOf(actor)),
    ]);
    const result = await work((sql, params) => db.query(sql, params));
    await db.query(commit === true ? 'commit' : undo);
    if (nested) await db.query('release savepoint as_actor');
    return result;
  } catch (error) {
    await db.query(undo);
    if (nested) await db.query('release savepoint as_actor');
    throw error;
  }
}
