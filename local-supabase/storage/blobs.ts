// Where object bytes live: one file per object version under <data-dir>/storage/objects (written to a temporary file,
// fsynced, renamed and the folder fsynced, so a file is either whole or absent), or a Map for in-memory instances.
// A row of storage.objects names its bytes by its `version`; bytes no row names are swept on start.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface BlobStore {
  /** Resolves once the bytes are durable. */
  write(name: string, data: Uint8Array): Promise<void>;
  read(name: string): Promise<Uint8Array | null>;
  remove(names: string[]): Promise<void>;
  /** Removes every blob whose name is not in `keep` (and leftover temporary files); returns how many. */
  sweep(keep: Set<string>): Promise<number>;
}

const SAFE_NAME = /^[0-9a-f-]{36}$/;

function checkName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`invalid blob name ${JSON.stringify(name)}`);
  return name;
}

export function memoryBlobs(): BlobStore {
  const blobs = new Map<string, Uint8Array>();
  return {
    async write(name, data) {
      blobs.set(checkName(name), new Uint8Array(data));
    },
    async read(name) {
      return blobs.get(name) ?? null;
    },
    async remove(names) {
      for (const n of names) blobs.delete(n);
    },
    async sweep(keep) {
      let n = 0;
      for (const name of [...blobs.keys()]) if (!keep.has(name)) (blobs.delete(name), n++);
      return n;
    },
  };
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function diskBlobs(root: string): BlobStore {
  const dir = path.join(root, 'objects');
  fs.mkdirSync(dir, { recursive: true });
  const file = (name: string) => path.join(dir, checkName(name));
  return {
    async write(name, data) {
      const target = file(name);
      const tmp = path.join(dir, `.tmp-${randomUUID()}`);
      const handle = await fs.promises.open(tmp, 'wx', 0o600);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await fs.promises.rename(tmp, target);
        await fsyncDir(dir);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
    },
    async read(name) {
      try {
        return await fs.promises.readFile(file(name));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(names) {
      for (const n of names) await fs.promises.rm(file(n), { force: true });
      if (names.length) await fsyncDir(dir);
    },
    async sweep(keep) {
      let n = 0;
      for (const entry of await fs.promises.readdir(dir)) {
        if (keep.has(entry) && SAFE_NAME.test(entry)) continue;
        await fs.promises.rm(path.join(dir, entry), { force: true, recursive: true });
        n++;
      }
      if (n) await fsyncDir(dir);
      return n;
    },
  };
}
