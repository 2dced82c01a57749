// Writes: upload (create or upsert), remove, move, copy. Each runs in one transaction as the caller: the row
// statement first (the policies on storage.objects decide), then the bytes are written durably before the commit;
// a failure anywhere removes the new bytes and leaves the row untouched. Replaced or deleted bytes go after the commit.
import { createHash, randomUUID } from 'node:crypto';
import { ownerOf, transact, type Caller } from './caller.ts';
import { findBucket, GLOBAL_FILE_SIZE_LIMIT, OBJECT_COLUMNS, type BucketRow, type ObjectRow, type StorageContext } from './common.ts';
import { errors, fromDatabaseError } from './errors.ts';
import { baseMimeType, mimeAllowed, mustBeValidKey } from './keys.ts';
import { contentContradictsType } from '../../src/lib/domain/file-signatures.ts';

/**
 * The product's buckets whose uploads are also checked here for bytes that contradict their type (the browser checks
 * first, with the same table). Other buckets behave as hosted Storage does: the declared type alone counts.
 */
export const CONTENT_CHECKED_BUCKETS: ReadonlySet<string> = new Set(['project-documents', 'ticket-attachments']);
import type { UploadBody } from './upload-body.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ownerColumns(who: Caller): [string | null, string | null] {
  const sub = ownerOf(who);
  return [sub && UUID.test(sub) ? sub : null, sub];
}

export function enforceBucketLimits(bucket: BucketRow, size: number, contentType: string): void {
  const limit = Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  if (size > limit) throw errors.tooLarge();
  if (!mimeAllowed(bucket.allowed_mime_types, contentType)) throw errors.mimeType(contentType);
}

/** Runs a write transaction; on failure the bytes it wrote are removed, on success the bytes it replaced. */
async function writing<T>(ctx: StorageContext, work: (fresh: string[], stale: string[]) => Promise<T>): Promise<T> {
  const fresh: string[] = [];
  const stale: string[] = [];
  let result: T;
  try {
    result = await work(fresh, stale);
  } catch (e) {
    await ctx.blobs.remove(fresh).catch(() => {});
    throw fromDatabaseError(e);
  }
  await ctx.blobs.remove(stale).catch(() => {});
  return result;
}

export interface UploadTarget { bucketId: string; key: string; upsert: boolean; method: string; path: string }

export async function uploadObject(ctx: StorageContext, who: Caller, t: UploadTarget, input: UploadBody) {
  mustBeValidKey(t.key);
  const [owner, ownerId] = ownerColumns(who);
  return writing(ctx, (fresh, stale) =>
    transact(ctx.pg, who, t, async (tx, become) => {
      const bucket = await findBucket(tx, t.bucketId);
      enforceBucketLimits(bucket, input.bytes.byteLength, input.contentType);
      // Local only (hosted Storage does not read the bytes): in the product's private buckets, an upload whose first
      // bytes contradict its type is refused like a type the bucket does not take.
      if (CONTENT_CHECKED_BUCKETS.has(bucket.id) && contentContradictsType(input.contentType, input.bytes.subarray(0, 1024))) {
        throw errors.contentMismatch(baseMimeType(input.contentType));
      }
      const existing = (
        await tx.query<{ id: string; version: string | null }>(
          'select id, version from storage.objects where bucket_id = $1 and name = $2',
          [t.bucketId, t.key],
        )
      ).rows[0];
      await become();
      const version = randomUUID();
      const id = existing?.id ?? randomUUID();
      const metadata = {
        eTag: `"${createHash('md5').update(input.bytes).digest('hex')}"`,
        size: input.bytes.byteLength,
        mimetype: input.contentType,
        cacheControl: input.cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: input.bytes.byteLength,
        httpStatusCode: 200,
      };
      const params = [id, t.bucketId, t.key, owner, ownerId, JSON.stringify(metadata), input.userMetadata && JSON.stringify(input.userMetadata), version];
      const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
                      values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`;
      await tx.query(
        t.upsert
          ? `${insert} on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
               metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
               last_accessed_at = now()`
          : insert,
        params,
      );
      fresh.push(version);
      await ctx.blobs.write(version, input.bytes);
      if (existing?.version) stale.push(existing.version);
      return { Id: id, Key: `${t.bucketId}/${t.key}` };
    }),
  );
}

export async function removeObjects(ctx: StorageContext, who: Caller, bucketId: string, names: string[], req: { method: string; path: string }) {
  return writing(ctx, (_fresh, stale) =>
    transact(ctx.pg, who, req, async (tx, become) => {
      await findBucket(tx, bucketId);
      await become();
      const r = await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucketId, names],
      );
      for (const row of r.rows) if (row.version) stale.push(row.version);
      return r.rows;
    }),
  );
}

export interface Transfer { bucketId: string; sourceKey: string; destinationKey: string; destinationBucket: string }

export async function moveObject(ctx: StorageContext, who: Caller, m: Transfer, req: { method: string; path: string }) {
  mustBeValidKey(m.sourceKey);
  mustBeValidKey(m.destinationKey);
  return writing(ctx, () =>
    transact(ctx.pg, who, req, async (tx, become) => {
      await findBucket(tx, m.bucketId);
      const dest = await findBucket(tx, m.destinationBucket);
      const source = (
        await tx.query<{ metadata: { size?: number; mimetype?: string } | null }>(
          'select metadata from storage.objects where bucket_id = $1 and name = $2',
          [m.bucketId, m.sourceKey],
        )
      ).rows[0];
      if (source && m.destinationBucket !== m.bucketId) {
        enforceBucketLimits(dest, source.metadata?.size ?? 0, source.metadata?.mimetype ?? 'application/octet-stream');
      }
      await become();
      const [owner, ownerId] = ownerColumns(who);
      const r = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, owner = coalesce($5::uuid, owner), owner_id = coalesce($6, owner_id),
                last_accessed_at = now()
         where bucket_id = $1 and name = $2`,
        [m.bucketId, m.sourceKey, m.destinationBucket, m.destinationKey, owner, ownerId],
      );
      if (!r.affectedRows) throw errors.objectNotFound();
      return { message: 'Successfully moved' };
    }),
  );
}

export async function copyObject(ctx: StorageContext, who: Caller, c: Transfer, req: { method: string; path: string }) {
  mustBeValidKey(c.sourceKey);
  mustBeValidKey(c.destinationKey);
  const [owner, ownerId] = ownerColumns(who);
  return writing(ctx, (fresh) =>
    transact(ctx.pg, who, req, async (tx, become) => {
      await findBucket(tx, c.bucketId);
      const dest = await findBucket(tx, c.destinationBucket);
      await become();
      const source = (
        await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [c.bucketId, c.sourceKey])
      ).rows[0];
      if (!source) throw errors.objectNotFound();
      const meta = (source.metadata ?? {}) as { size?: number; mimetype?: string };
      enforceBucketLimits(dest, meta.size ?? 0, meta.mimetype ?? 'application/octet-stream');
      const bytes = source.version ? await ctx.blobs.read(source.version) : null;
      if (!bytes) throw errors.objectNotFound();
      const id = randomUUID();
      const version = randomUUID();
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`,
        [id, c.destinationBucket, c.destinationKey, owner, ownerId, JSON.stringify({ ...meta, lastModified: new Date().toISOString() }),
          source.user_metadata && JSON.stringify(source.user_metadata), version],
      );
      fresh.push(version);
      await ctx.blobs.write(version, bytes);
      return { Id: id, Key: `${c.destinationBucket}/${c.destinationKey}` };
    }),
  );
}
