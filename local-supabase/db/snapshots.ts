// Snapshots of fresh in-memory databases.
//
// Booting PGlite from a dump of an already initialised database is several times faster than initdb plus every
// migration, and tests start many in-memory instances with the same SQL. The key covers PGlite's version and the
// exact text of every SQL file applied, so any change to them builds a new snapshot. LOCAL_SUPABASE_NO_SNAPSHOT=1
// turns the cache off.
import type { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SNAPSHOT_DIR = path.join(ROOT, 'node_modules', '.cache', 'local-supabase');
const SNAPSHOTS_KEPT = 6;

function pgliteVersion(): string {
  try {
    const pkg = path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    return JSON.parse(fs.readFileSync(pkg, 'utf8')).version ?? '?';
  } catch {
    return '?';
  }
}

function disabled(): boolean {
  return Boolean(process.env.LOCAL_SUPABASE_NO_SNAPSHOT);
}

/** The cache key of a database built from exactly these SQL texts, in this order. */
export function snapshotKey(files: { name: string; sql: string }[]): string {
  // `checkpointed`: snapshots written before the checkpoint below replay WAL on boot and are not reused.
  const h = createHash('sha256').update(`pglite ${pgliteVersion()} checkpointed\n`);
  for (const f of files) h.update(`${f.name}\n${f.sql.length}\n${f.sql}\n`);
  return h.digest('hex').slice(0, 32);
}

export function readSnapshot(key: string): Blob | null {
  if (disabled()) return null;
  try {
    return new Blob([fs.readFileSync(path.join(SNAPSHOT_DIR, `${key}.tar`))]);
  } catch {
    return null;
  }
}

/** Forgets a snapshot that PGlite could not boot from. */
export function dropSnapshot(key: string): void {
  fs.rmSync(path.join(SNAPSHOT_DIR, `${key}.tar`), { force: true });
}

/** Stores the database as the snapshot of `key`, keeping only the most recent few. */
export async function writeSnapshot(pg: PGlite, key: string): Promise<void> {
  if (disabled()) return;
  try {
    // A checkpoint first, so the copy boots without WAL replay: replaying it would move every sequence past the
    // values it had logged ahead (identities jumping from 5 to 34), where a fresh database goes on at 5.
    await pg.exec('checkpoint');
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
