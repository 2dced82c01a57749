// /storage/v1 routes as storage-js calls them (object upload/download/list/remove/move/copy, signed URLs, buckets).
import { identify, type Caller } from './caller.ts';
import { jsonBody, jsonResponse, requireString, type StorageContext, type StorageRequest, type StorageResponse } from './common.ts';
import { errors } from './errors.ts';
import { bucketAndKey } from './keys.ts';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import { findObject, listObjects, listObjectsV2, listOptions, listV2Options, objectInfo, type Found } from './objects-read.ts';
import { copyObject, moveObject, removeObjects, uploadObject } from './objects-write.ts';
import { expiresIn, signedUploadUrl, signedUrl, signedUrls, verifySigned } from './signing.ts';
import { readUploadBody } from './upload-body.ts';

const SERVER: Caller = { role: 'service_role', claims: { role: 'service_role' } };

function decode(rest: string): string {
  try {
    return decodeURIComponent(rest);
  } catch {
    throw errors.invalidKey(rest);
  }
}

/**
 * Content-Disposition for `?download` / `?download=name`: the given name, else the key's last segment. storage-js
 * form-encodes the name and then encodeURI()s the whole URL, so a name still holding %XX escapes is decoded once more.
 */
function disposition(download: string, key: string): string {
  let name = download || key.slice(key.lastIndexOf('/') + 1);
  if (/%[0-9a-f]{2}/i.test(name)) {
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // not an escape sequence after all: keep the name as sent
    }
  }
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function bytesResponse(req: StorageRequest, found: Found, key: string): StorageResponse {
  const meta = (found.row.metadata ?? {}) as Record<string, unknown>;
  const etag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
  const headers: Record<string, string> = {
    'content-type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
    // HEAD reads no bytes: the length is the stored size.
    'content-length': String(req.method === 'HEAD' && typeof meta.size === 'number' ? meta.size : found.bytes.byteLength),
    'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'last-modified': new Date(found.row.updated_at).toUTCString(),
    ...(etag ? { etag } : {}),
  };
  const download = req.query.get('download');
  if (download !== null) headers['content-disposition'] = disposition(download, key);
  if (etag && req.headers['if-none-match'] === etag) return { status: 304, headers, body: '' };
  return { status: 200, headers, body: req.method === 'HEAD' ? '' : found.bytes };
}

async function objectRoutes(req: StorageRequest, ctx: StorageContext, rest: string, who: () => Promise<Caller>): Promise<StorageResponse> {
  const m = req.method;
  const info = { method: m, path: req.path };
  const read = m === 'GET' || m === 'HEAD';
  const sub = (prefix: string) => (rest.startsWith(prefix) ? bucketAndKey(decode(rest.slice(prefix.length))) : null);
  let t;
  if (m === 'POST' && rest.startsWith('list-v2/')) {
    return jsonResponse(200, await listObjectsV2(ctx, await who(), decode(rest.slice('list-v2/'.length)), listV2Options(jsonBody(req)), info));
  }
  if (m === 'POST' && rest.startsWith('list/')) {
    const bucket = decode(rest.slice(5));
    return jsonResponse(200, await listObjects(ctx, await who(), bucket, listOptions(jsonBody(req)), info));
  }
  if (m === 'POST' && (rest === 'move' || rest === 'copy')) {
    const body = jsonBody(req);
    const bucketId = requireString(body, 'bucketId');
    const transfer = {
      bucketId,
      sourceKey: requireString(body, 'sourceKey'),
      destinationKey: requireString(body, 'destinationKey'),
      destinationBucket: typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId,
    };
    const result = rest === 'move' ? await moveObject(ctx, await who(), transfer, info) : await copyObject(ctx, await who(), transfer, info);
    return jsonResponse(200, result);
  }
  if (rest.startsWith('upload/sign/') && (t = sub('upload/sign/'))) {
    if (m === 'POST') return jsonResponse(200, await signedUploadUrl(ctx, await who(), t.bucket, t.key, req.headers['x-upsert'] === 'true', info));
    if (m === 'PUT') {
      const claims = await verifySigned(ctx, req.query.get('token'), t.bucket, t.key, 'upload');
      const uploader: Caller = { role: SERVER.role, claims: { role: SERVER.role, ...(claims.owner ? { sub: claims.owner } : {}) } };
      const body = await readUploadBody(req.headers, req.body);
      const out = await uploadObject(ctx, uploader, { bucketId: t.bucket, key: t.key, upsert: claims.upsert === true, ...info }, body);
      return jsonResponse(200, { Key: out.Key });
    }
  }
  if (m === 'POST' && rest.startsWith('sign/')) {
    const target = decode(rest.slice(5));
    const body = jsonBody(req);
    if (!target.includes('/')) return jsonResponse(200, await signedUrls(ctx, await who(), target, body.paths, expiresIn(body), info));
    const { bucket, key } = bucketAndKey(target);
    return jsonResponse(200, await signedUrl(ctx, await who(), bucket, key, expiresIn(body), info, body.transform));
  }
  if (read && (t = sub('sign/'))) {
    await verifySigned(ctx, req.query.get('token'), t.bucket, t.key, 'download');
    return bytesResponse(req, await findObject(ctx, SERVER, t.bucket, t.key, 'server', info), t.key);
  }
  if (read && (t = sub('public/'))) return bytesResponse(req, await findObject(ctx, SERVER, t.bucket, t.key, 'public', info), t.key);
  if (m === 'GET' && rest.startsWith('info/')) {
    const pub = rest.startsWith('info/public/');
    const target = bucketAndKey(decode(rest.replace(/^info\/(public\/|authenticated\/)?/, '')));
    const found = await findObject(ctx, pub ? SERVER : await who(), target.bucket, target.key, pub ? 'public' : 'caller', info, false);
    return jsonResponse(200, objectInfo(found.row));
  }
  if (read && (t = sub('authenticated/'))) return bytesResponse(req, await findObject(ctx, await who(), t.bucket, t.key, 'caller', info, m === 'GET'), t.key);
  if (m === 'DELETE' && !rest.includes('/')) {
    const prefixes = jsonBody(req).prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.some((p) => typeof p !== 'string')) {
      throw errors.invalidRequest('body/prefixes must be a non-empty array of strings');
    }
    if (prefixes.length > 1000) throw errors.invalidRequest('body/prefixes must NOT have more than 1000 items');
    return jsonResponse(200, await removeObjects(ctx, await who(), decode(rest), prefixes as string[], info));
  }
  const target = bucketAndKey(decode(rest));
  if (read) return bytesResponse(req, await findObject(ctx, await who(), target.bucket, target.key, 'caller', info, m === 'GET'), target.key);
  if (m === 'POST' || m === 'PUT') {
    const upsert = m === 'PUT' || req.headers['x-upsert'] === 'true';
    const body = await readUploadBody(req.headers, req.body);
    return jsonResponse(200, await uploadObject(ctx, await who(), { bucketId: target.bucket, key: target.key, upsert, ...info }, body));
  }
  if (m === 'DELETE') {
    const removed = await removeObjects(ctx, await who(), target.bucket, [target.key], info);
    if (!removed.length) throw errors.objectNotFound();
    return jsonResponse(200, { message: 'Successfully deleted' });
  }
  throw errors.notFoundRoute(m, `/object/${rest}`);
}

async function bucketRoutes(req: StorageRequest, ctx: StorageContext, rest: string, who: Caller): Promise<StorageResponse> {
  const m = req.method;
  const info = { method: m, path: req.path, query: req.query };
  if (rest === '') {
    if (m === 'GET') return jsonResponse(200, await listBuckets(ctx, who, info));
    if (m === 'POST') return jsonResponse(200, await createBucket(ctx, who, jsonBody(req), info));
  } else {
    const parts = rest.split('/').map(decode);
    const id = parts[0]!;
    if (parts.length === 2 && parts[1] === 'empty' && m === 'POST') return jsonResponse(200, await emptyBucket(ctx, who, id, info));
    if (parts.length === 1) {
      if (m === 'GET') return jsonResponse(200, await getBucket(ctx, who, id, info));
      if (m === 'PUT') return jsonResponse(200, await updateBucket(ctx, who, id, jsonBody(req), info));
      if (m === 'DELETE') return jsonResponse(200, await deleteBucket(ctx, who, id, info));
    }
  }
  throw errors.notFoundRoute(m, `/bucket${rest ? `/${rest}` : ''}`);
}

export async function route(req: StorageRequest, ctx: StorageContext): Promise<StorageResponse> {
  const path = req.path.replace(/^\/+/, '');
  let caller: Promise<Caller> | null = null;
  const who = () => (caller ??= identify(req.headers, ctx.keys));
  if (path.startsWith('object/')) return objectRoutes(req, ctx, path.slice('object/'.length), who);
  if (path === 'bucket' || path.startsWith('bucket/')) return bucketRoutes(req, ctx, path.slice('bucket'.length).replace(/^\//, ''), await who());
  // Image transformation is off for this project (as on a hosted project without it): every renderer route,
  // signed transformed URLs included, answers Storage's FeatureNotEnabled.
  if (path === 'render/image' || path.startsWith('render/image/')) throw errors.featureNotEnabled('imageTransformation');
  throw errors.notFoundRoute(req.method, `/${path}`);
}
