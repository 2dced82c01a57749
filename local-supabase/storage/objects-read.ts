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

/** Every object of the bucket whose key starts with `prefix` that the caller may read (row-level security decides). */
async function objectsUnder(ctx: StorageContext, who: Caller, bucketId: string, prefix: string, req: { method: string; path: string }) {
  return transact(ctx.pg, who, { ...req, readOnly: true }, async (tx, become) => {
    await findBucket(tx, bucketId);
    await become();
    const r = await tx.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and left(name, length($2)) = $2`,
      [bucketId, prefix],
    );
    return r.rows;
  }).catch((e) => { throw fromDatabaseError(e); });
}

interface Entry { name: string; id: string | null; updated_at: Date | null; created_at: Date | null; last_accessed_at: Date | null; metadata: unknown }

/**
 * One level below the prefix: folders (only a name) then files (with their fields), as Storage's list answers; `search`
 * keeps the entries whose name starts with it, case-insensitively; limit and offset apply to the whole list.
 */
export async function listObjects(ctx: StorageContext, who: Caller, bucketId: string, o: ListOptions, req: { method: string; path: string }) {
  const rows = await objectsUnder(ctx, who, bucketId, o.prefix, req);
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

export interface ListV2Options { prefix: string; limit: number; offset: number; column: 'name' | 'created_at' | 'updated_at'; order: 'asc' | 'desc'; delimiter: boolean }

/** POST /object/list-v2: the body as storage-js's listV2 sends it; the cursor is the one a previous page returned. */
export function listV2Options(body: Record<string, unknown>): ListV2Options {
  if (body.prefix !== undefined && typeof body.prefix !== 'string') throw errors.invalidRequest('body/prefix must be string');
  if (body.with_delimiter !== undefined && typeof body.with_delimiter !== 'boolean') throw errors.invalidRequest('body/with_delimiter must be boolean');
  const limit = body.limit ?? 1000;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw errors.invalidRequest('body/limit must be an integer from 1 to 1000');
  }
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  if (sortBy.column !== undefined && !['name', 'created_at', 'updated_at'].includes(String(sortBy.column))) {
    throw errors.invalidRequest('body/sortBy/column must be equal to one of the allowed values');
  }
  let offset = 0;
  if (body.cursor !== undefined && body.cursor !== null && body.cursor !== '') {
    try {
      const parsed = JSON.parse(Buffer.from(String(body.cursor), 'base64url').toString('utf8')) as { o?: unknown };
      if (typeof parsed.o !== 'number' || !Number.isInteger(parsed.o) || parsed.o < 0) throw new Error('bad cursor');
      offset = parsed.o;
    } catch {
      throw errors.invalidRequest('Invalid cursor');
    }
  }
  return {
    prefix: (body.prefix as string | undefined) ?? '',
    limit,
    offset,
    column: (sortBy.column as ListV2Options['column'] | undefined) ?? 'name',
    order: typeof sortBy.order === 'string' && sortBy.order.toLowerCase() === 'desc' ? 'desc' : 'asc',
    delimiter: body.with_delimiter === true,
  };
}

/**
 * listV2: the objects whose key starts with `prefix` (any depth), or, with the delimiter, one level below it: the
 * folders (`key` without and `name` with the trailing '/') and the objects, each with its full key as `name`.
 * Folders come first, then objects in the requested order; a page holds `limit` entries and, when more follow, a
 * `nextCursor` to pass back.
 */
export async function listObjectsV2(ctx: StorageContext, who: Caller, bucketId: string, o: ListV2Options, req: { method: string; path: string }) {
  const rows = await objectsUnder(ctx, who, bucketId, o.prefix, req);
  const folders = new Map<string, { key: string; name: string }>();
  const objects: ObjectRow[] = [];
  for (const row of rows) {
    const slash = o.delimiter ? row.name.indexOf('/', o.prefix.length) : -1;
    if (slash === -1) objects.push(row);
    else {
      const key = row.name.slice(0, slash);
      if (!folders.has(key)) folders.set(key, { key, name: `${key}/` });
    }
  }
  const dir = o.order === 'desc' ? -1 : 1;
  const cmp = (x: string | Date, y: string | Date) => (x < y ? -1 : x > y ? 1 : 0);
  const entries: ({ kind: 'folder'; folder: { key: string; name: string } } | { kind: 'object'; row: ObjectRow })[] = [
    ...[...folders.values()].sort((a, b) => cmp(a.key, b.key) * dir).map((folder) => ({ kind: 'folder' as const, folder })),
    ...objects
      .sort((a, b) => (cmp(a[o.column], b[o.column]) || cmp(a.name, b.name)) * dir)
      .map((row) => ({ kind: 'object' as const, row })),
  ];
  const page = entries.slice(o.offset, o.offset + o.limit);
  const hasNext = o.offset + o.limit < entries.length;
  return {
    hasNext,
    ...(hasNext ? { nextCursor: Buffer.from(JSON.stringify({ o: o.offset + o.limit })).toString('base64url') } : {}),
    folders: page.flatMap((e) => (e.kind === 'folder' ? [e.folder] : [])),
    objects: page.flatMap((e) =>
      e.kind === 'object'
        ? [{ id: e.row.id, key: e.row.name, name: e.row.name, updated_at: e.row.updated_at, created_at: e.row.created_at, last_accessed_at: e.row.last_accessed_at, metadata: e.row.metadata }]
        : [],
    ),
  };
}
