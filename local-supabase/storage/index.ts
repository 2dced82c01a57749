// Storage-compatible /storage/v1 for the local Supabase. Layers: routes.ts (what storage-js calls) → the services
// (objects-read.ts, objects-write.ts, signing.ts, buckets.ts) → SQL on storage.* as the caller (caller.ts) and the
// object bytes (blobs.ts). Errors are answered in Storage's shape (errors.ts).
import type { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { diskBlobs, memoryBlobs } from './blobs.ts';
import type { StorageContext, StorageRequest, StorageResponse } from './common.ts';
import { errors, StorageError } from './errors.ts';
import { route } from './routes.ts';

export type { StorageRequest, StorageResponse } from './common.ts';
export { GLOBAL_FILE_SIZE_LIMIT } from './common.ts';

export interface LocalStorage {
  handle(req: StorageRequest): Promise<StorageResponse>;
}

function errorResponse(e: StorageError): StorageResponse {
  return {
    status: e.httpStatus,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(e.body()),
  };
}

/** The answer to an upload whose body is over the server's limit. */
export function tooLargeResponse(): StorageResponse {
  return errorResponse(errors.tooLarge());
}

/**
 * Opens the object store (`<dataDir>/storage`, or memory when dataDir is null) and removes bytes no row names:
 * leftovers of uploads cut off by a crash before their transaction committed.
 */
export async function openStorage(opts: { pg: PGlite; jwtSecret: string; keys: ProjectKeys; dataDir: string | null; log?: (line: string) => void }): Promise<LocalStorage> {
  const blobs = opts.dataDir ? diskBlobs(path.join(path.resolve(opts.dataDir), 'storage')) : memoryBlobs();
  const versions = await opts.pg.query<{ version: string }>('select version from storage.objects where version is not null');
  const swept = await blobs.sweep(new Set(versions.rows.map((r) => r.version)));
  if (swept) opts.log?.(`storage: removed ${swept} leftover file(s) that no object names`);
  const ctx: StorageContext = { pg: opts.pg, jwtSecret: opts.jwtSecret, keys: opts.keys, blobs };
  return {
    async handle(req) {
      try {
        return await route(req, ctx);
      } catch (e) {
        if (e instanceof StorageError) return errorResponse(e);
        throw e;
      }
    },
  };
}
