// Bucket management, as the caller: the policies on storage.buckets decide (none are defined by default, so only
// the service role, which bypasses them, manages buckets). A bucket is deleted only when empty; emptying one deletes
// the objects the caller may delete and then their bytes.
import { transact, type Caller } from './caller.ts';
import type { StorageContext } from './common.ts';
import { errors, fromDatabaseError } from './errors.ts';
import { mustBeValidBucketName } from './keys.ts';

/** The fields Storage answers: getBucket without `type`, listBuckets with it (clients that understand it). */
const BUCKET_COLUMNS = `id, name, owner, public, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types`;
const LIST_COLUMNS = `id, name, public, owner, created_at, updated_at, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  'STANDARD' as type`;

type Req = { method: string; path: string; query?: URLSearchParams };

/** Storage's units are decimal: '20mb' is 20 000 000 bytes. */
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/** file_size_limit as bytes, as Storage reads it: a number, or text with a unit ('20mb', '1.5GB', '300b'); null/absent = no limit. */
export function fileSizeLimit(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v === 0 ? null : v;
  if (typeof v === 'string') {
    const m = /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(v);
    if (m) return Math.round(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!) || null;
  }
  throw errors.invalidFileSize();
}

export function mimeTypes(v: unknown): string[] | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (!Array.isArray(v) || v.some((t) => typeof t !== 'string' || !/^[\w.+-]+\/([\w.+-]+|\*)$/.test(t.trim()))) {
    throw errors.invalidRequest('body/allowed_mime_types must be an array of MIME types');
  }
  return v.length === 0 ? null : (v as string[]).map((t) => t.trim());
}

const run = <T>(ctx: StorageContext, who: Caller, req: Req, work: Parameters<typeof transact<T>>[3]) =>
  transact(ctx.pg, who, req, work).catch((e) => { throw fromDatabaseError(e); });

export function listBuckets(ctx: StorageContext, who: Caller, req: Req) {
  const q = req.query ?? new URLSearchParams();
  const sortColumn = ['id', 'name', 'created_at', 'updated_at'].includes(q.get('sortColumn') ?? '') ? q.get('sortColumn')! : 'name';
  const sortOrder = q.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const limit = /^\d+$/.test(q.get('limit') ?? '') ? Number(q.get('limit')) : null;
  const offset = /^\d+$/.test(q.get('offset') ?? '') ? Number(q.get('offset')) : 0;
  return run(ctx, who, req, async (tx, become) => {
    await become();
    const r = await tx.query(
      `select ${LIST_COLUMNS} from storage.buckets where ($1::text is null or name ilike '%' || $1 || '%')
       order by ${sortColumn} ${sortOrder} limit $2 offset $3`,
      [q.get('search') || null, limit, offset],
    );
    return r.rows;
  });
}

export function getBucket(ctx: StorageContext, who: Caller, id: string, req: Req) {
  return run(ctx, who, req, async (tx, become) => {
    await become();
    const r = await tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id]);
    if (!r.rows[0]) throw errors.bucketNotFound();
    return r.rows[0];
  });
}

export function createBucket(ctx: StorageContext, who: Caller, body: Record<string, unknown>, req: Req) {
  const name = mustBeValidBucketName(body.name ?? body.id);
  const id = body.id === undefined ? name : mustBeValidBucketName(body.id);
  if (body.public !== undefined && typeof body.public !== 'boolean') throw errors.invalidRequest('body/public must be boolean');
  const limit = fileSizeLimit(body.file_size_limit);
  const types = mimeTypes(body.allowed_mime_types);
  const sub = typeof who.claims.sub === 'string' ? who.claims.sub : null;
  return run(ctx, who, req, async (tx, become) => {
    await become();
    await tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, case when $3 ~* '^[0-9a-f-]{36}$' then $3::uuid end, $3, $4, $5, $6)`,
      [id, name, sub, body.public === true, limit ?? null, types ?? null],
    );
    return { name: id };
  });
}

export function updateBucket(ctx: StorageContext, who: Caller, id: string, body: Record<string, unknown>, req: Req) {
  if (body.public !== undefined && typeof body.public !== 'boolean') throw errors.invalidRequest('body/public must be boolean');
  const limit = fileSizeLimit(body.file_size_limit);
  const types = mimeTypes(body.allowed_mime_types);
  return run(ctx, who, req, async (tx, become) => {
    await become();
    const r = await tx.query(
      `update storage.buckets set public = coalesce($2, public),
         file_size_limit = case when $3 then $4::bigint else file_size_limit end,
         allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end, updated_at = now()
       where id = $1`,
      [id, typeof body.public === 'boolean' ? body.public : null, limit !== undefined, limit ?? null, types !== undefined, types ?? null],
    );
    if (!r.affectedRows) throw errors.bucketNotFound();
    return { message: 'Successfully updated' };
  });
}

export async function emptyBucket(ctx: StorageContext, who: Caller, id: string, req: Req) {
  const stale = await run(ctx, who, req, async (tx, become) => {
    await become();
    const b = await tx.query('select 1 from storage.buckets where id = $1', [id]);
    if (!b.rows[0]) throw errors.bucketNotFound();
    const r = await tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [id]);
    return r.rows.map((x) => x.version).filter((v): v is string => !!v);
  });
  await ctx.blobs.remove(stale).catch(() => {});
  // Storage empties a bucket in the background and answers at once with this; here it is already done.
  return { message: 'Empty bucket has been queued. Completion may take up to an hour.' };
}

export function deleteBucket(ctx: StorageContext, who: Caller, id: string, req: Req) {
  return run(ctx, who, req, async (tx, become) => {
    const any = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    await become();
    if (!(await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length) throw errors.bucketNotFound();
    if (any.rows.length) throw errors.bucketNotEmpty();
    const r = await tx.query('delete from storage.buckets where id = $1', [id]);
    if (!r.affectedRows) throw errors.bucketNotFound();
    return { message: 'Successfully deleted' };
  });
}
