// Reads: an object's row and bytes (as the caller through the policies, or as the server for public buckets and
// signed URLs), and listing one folder level of a bucket as the caller.
import { transact, type Caller } from './caller.ts';
import { findBucket, OBJECT_COLUMNS, type ObjectRow, type StorageContext } from './common.ts';
import { errors, fromDatabaseError } from './errors.ts';
import { mustBeValidKey } from './keys.ts';

export type Access = 'caller' | 'public' | 'server';

export interface Found { row: ObjectRow; bytes: Uint8Array }

/** The object's row as `access` may see it, and its bytes when `withBytes`. */
export async function findObject(
  ctx: StorageContext, who: Caller, bucketId: string, key: string, access: Access, req: { method: string; path: string },
  withBytes = true,
): Promise<Found> {
  mustBeValidKey(key);
  const row = await transact(ctx.pg, who, { ...req, readOnly: true }, async (tx, become) => {
    const bucket = await findBucket(tx, bucketId);
    if (access === 'public' && !bucket.public) throw errors.bucketNotFound();
    if (access === 'caller') await become();
    const r = await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, key]);
    return r.rows[0];
  }).catch((e) => { throw fromDatabaseError(e); });
  if (!row) throw errors.objectNotFound();
  if (!withBytes) return { row, bytes: new Uint8Array() };
  const bytes = row.version ? await ctx.blobs.read(row.version) : null;
  if (!bytes) throw errors.objectNotFound();
  return { row, bytes };
}

/** GET /object/info: the object's description in Storage's shape. */
export function objectInfo(row: ObjectRow) {
  const meta = (row.metadata ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    bucket_id: row.bucket_id,
    created_at: row.created_at,
    last_modified: row.updated_at,
    size: meta.size ?? null,
    cache_control: meta.cacheControl ?? null,
    content_type: meta.mimetype ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
  };
}

export interface ListOptions { prefix: string; limit: number; offset: number; column: string; order: 'asc' | 'desc'; search: string }

const SORTABLE = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

export function listOptions(body: Record<string, unknown>): ListOptions {
  const prefix = body.prefix;
  if (typeof prefix !== 'string') throw errors.invalidRequest("body must have required property 'prefix'");
  const num = (v: unknown, d: number, name: string) => {
    if (v === undefined || v === null) return d;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw errors.invalidRequest(`body/${name} must be integer`);
    return v;
  };
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = typeof sortBy.column === 'string' && SORTABLE.has(sortBy.column) ? sortBy.column : 'name';
  const order = typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc';
  return {
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    limit: Math.min(num(body.limit, 100, 'limit'), 1000),
    offset: num(body.offset, 0, 'offset'),
    column,
    order,
    search: typeof body.search === 'string' ? body.search : '',
  };
}

interface Entry { name: string; id: string | null; updated_at: Date | null; created_at: Date | null; last_accessed_at: Date | null; metadata: unknown }

/**
 * One level below the prefix: folders (only a name) then files (with their fields), as Storage's list answers; `search`
 * keeps the entries whose name starts with it, case-insensitively; limit and offset apply to the whole list.
 */
export async function listObjects(ctx: StorageContext, who: Caller, bucketId: string, o: ListOptions, req: { method: string; path: string }) {
  const rows = await transact(ctx.pg, who, { ...req, readOnly: true }, async (tx, become) => {
    await findBucket(tx, bucketId);
    await become();
    const r = await tx.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and left(name, length($2)) = $2`,
      [bucketId, o.prefix],
    );
    return r.rows;
  }).catch((e) => { throw fromDatabaseError(e); });
  const entries = new Map<string, Entry>();
  for (const row of rows) {
    const rest = row.name.slice(o.prefix.length);
    const slash = rest.indexOf('/');
    const name = slash === -1 ? rest : rest.slice(0, slash);
    if (!name.toLowerCase().startsWith(o.search.toLowerCase())) continue;
    if (slash === -1) {
      entries.set(`f:${name}`, { name, id: row.id, updated_at: row.updated_at, created_at: row.created_at, last_accessed_at: row.last_accessed_at, metadata: row.metadata });
    } else if (!entries.has(`d:${name}`)) {
      entries.set(`d:${name}`, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    }
  }
  // Folders first (by name, in the requested order), then files by the requested column, as Storage lists them.
  const byName = (a: Entry, b: Entry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const dir = o.order === 'desc' ? -1 : 1;
  const key = o.column as keyof Entry;
  const byColumn = (a: Entry, b: Entry) => {
    const x = a[key] as string | Date;
    const y = b[key] as string | Date;
    return (x < y ? -1 : x > y ? 1 : byName(a, b)) * dir;
  };
  const all = [...entries.values()];
  const sorted = [
    ...all.filter((e) => e.id === null).sort((a, b) => byName(a, b) * dir),
    ...all.filter((e) => e.id !== null).sort(byColumn),
  ];
  return sorted.slice(o.offset, o.offset + o.limit);
}
