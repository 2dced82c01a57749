// Ownership of a data folder: one live instance at a time (a pid lock file that survives a crashed owner), the
// PGlite leftovers of a process that died, and wiping the folder.
import fs from 'node:fs';
import path from 'node:path';

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

/** Wipes a data folder (database, JWT secret, inbox); refuses while a live instance holds it. */
export function resetDataDir(dataDir: string): void {
  const dir = path.resolve(dataDir);
  if (!fs.existsSync(dir)) return;
  const release = lockDataDir(dir);
  try {
    for (const entry of fs.readdirSync(dir)) {
      if (entry !== LOCK_FILE) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
  } finally {
    release();
  }
}
