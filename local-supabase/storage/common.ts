// What the storage services share: their context, request and response shapes, and the bucket lookup (made as the
// server, before the caller's role is taken, as Storage looks buckets up).
import type { ProjectKeys } from '../keys/project-keys.ts';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { BlobStore } from './blobs.ts';
import { errors } from './errors.ts';

export interface StorageContext { pg: PGlite; jwtSecret: string; keys: ProjectKeys; blobs: BlobStore }

export interface StorageRequest {
  method: string;
  /** Below /storage/v1, still percent-encoded: '/object/docs/a%20b.pdf'. */
  path: string;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface StorageResponse { status: number; headers: Record<string, string>; body: string | Uint8Array }

/** The largest object any bucket accepts (Storage's default global upload limit). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

export interface BucketRow {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

export async function findBucket(tx: Transaction, id: string): Promise<BucketRow> {
  const r = await tx.query<BucketRow>(
    'select id, coalesce(public, false) as public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  if (!r.rows[0]) throw errors.bucketNotFound();
  return r.rows[0];
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

export function jsonResponse(status: number, value: unknown): StorageResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(value) };
}

/** A JSON body of a storage route: an object, or the 400 Storage gives for anything else. */
export function jsonBody(req: StorageRequest): Record<string, unknown> {
  const text = req.body.toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('Body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw errors.invalidRequest('body must be object');
  return value as Record<string, unknown>;
}

export function requireString(body: Record<string, unknown>, name: string): string {
  const v = body[name];
  if (v === undefined || v === null) throw errors.missingParameter(name);
  if (typeof v !== 'string') throw errors.invalidRequest(`body/${name} must be string`);
  return v;
}
