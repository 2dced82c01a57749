// Signed URLs: HS256 JWTs signed with the project's secret, `{url: 'bucket/key', iat, exp}` (uploads also carry
// `owner` and `upsert`). Issuing one first reads (or, for uploads, test-inserts) the object as the caller, so the
// policies decide who may get one; serving one needs no other credential.
import { SignJWT } from 'jose';
import { JwtFailure, transact, verifyJwt, type Caller } from './caller.ts';
import { findBucket, type StorageContext } from './common.ts';
import { errors, fromDatabaseError } from './errors.ts';
import { isValidKey, mustBeValidKey } from './keys.ts';
import { findObject } from './objects-read.ts';

/** Signed upload URLs are valid this long, as Storage's. */
export const UPLOAD_URL_SECONDS = 2 * 60 * 60;

async function sign(ctx: StorageContext, claims: Record<string, unknown>, seconds: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(new TextEncoder().encode(ctx.jwtSecret));
}

export function expiresIn(body: Record<string, unknown>): number {
  const v = body.expiresIn;
  if (v === undefined || v === null) throw errors.missingParameter('expiresIn');
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw errors.invalidRequest('body/expiresIn must be >= 1');
  return n;
}

/**
 * `transform` (width, height, resize, format, quality) makes it a URL of the image renderer, as Storage signs it; this
 * project has no image transformation, so the renderer answers every such URL with FeatureNotEnabled.
 */
export async function signedUrl(
  ctx: StorageContext,
  who: Caller,
  bucketId: string,
  key: string,
  seconds: number,
  req: { method: string; path: string },
  transform?: unknown,
) {
  await findObject(ctx, who, bucketId, key, 'caller', req, false);
  const transformations = transformQuery(transform);
  const token = await sign(ctx, { url: `${bucketId}/${key}`, ...(transformations ? { transformations } : {}) }, seconds);
  return { signedURL: `/${transformations ? 'render/image' : 'object'}/sign/${bucketId}/${key}?token=${token}` };
}

/** The transformation options as Storage records them in a signed URL's token (`width=100&height=100`), or null. */
function transformQuery(transform: unknown): string | null {
  if (!transform || typeof transform !== 'object' || Array.isArray(transform)) return null;
  const parts = Object.entries(transform as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && (typeof v === 'string' || typeof v === 'number'))
    .map(([k, v]) => `${k}=${v}`);
  return parts.length ? parts.join('&') : null;
}

const NO_ACCESS = 'Either the object does not exist or you do not have access to it';

export async function signedUrls(ctx: StorageContext, who: Caller, bucketId: string, paths: unknown, seconds: number, req: { method: string; path: string }) {
  if (!Array.isArray(paths) || paths.length === 0 || paths.some((p) => typeof p !== 'string')) {
    throw errors.invalidRequest('body/paths must be a non-empty array of strings');
  }
  if (paths.length > 1000) throw errors.invalidRequest('body/paths must NOT have more than 1000 items');
  const valid = (paths as string[]).filter(isValidKey);
  const visible = await transact(ctx.pg, who, { ...req, readOnly: true }, async (tx, become) => {
    await findBucket(tx, bucketId);
    await become();
    const r = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, valid]);
    return new Set(r.rows.map((x) => x.name));
  }).catch((e) => { throw fromDatabaseError(e); });
  return Promise.all(
    (paths as string[]).map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: `/object/sign/${bucketId}/${path}?token=${await sign(ctx, { url: `${bucketId}/${path}` }, seconds)}` }
        : { error: NO_ACCESS, path, signedURL: null },
    ),
  );
}

/** Checks a signed URL's token against the object it is presented for. */
export async function verifySigned(ctx: StorageContext, token: string | null, bucketId: string, key: string, kind: 'download' | 'upload') {
  if (!token) throw errors.missingParameter('token');
  let claims: Record<string, unknown>;
  try {
    claims = await verifyJwt(token, ctx.jwtSecret);
  } catch (e) {
    if (e instanceof JwtFailure) throw errors.invalidJwt(e.message);
    throw e;
  }
  if (claims.url !== `${bucketId}/${key}`) throw errors.invalidSignature();
  if (kind === 'upload' && typeof claims.owner !== 'string' && claims.owner !== undefined) throw errors.invalidSignature();
  return claims;
}

/** POST /object/upload/sign: proves the caller may insert (the test insert is rolled back), then signs. */
export async function signedUploadUrl(ctx: StorageContext, who: Caller, bucketId: string, key: string, upsert: boolean, req: { method: string; path: string }) {
  mustBeValidKey(key);
  const probe = new Error('probe');
  try {
    await transact(ctx.pg, who, req, async (tx, become) => {
      await findBucket(tx, bucketId);
      const exists = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucketId, key]);
      if (exists.rows.length && !upsert) throw errors.alreadyExists();
      await become();
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner_id, version) values ($1, $2, $3, null)
         ${upsert ? 'on conflict (bucket_id, name) do update set version = storage.objects.version' : ''}`,
        [bucketId, key, typeof who.claims.sub === 'string' ? who.claims.sub : null],
      );
      throw probe;
    });
  } catch (e) {
    if (e !== probe) throw fromDatabaseError(e);
  }
  const owner = typeof who.claims.sub === 'string' ? who.claims.sub : undefined;
  const token = await sign(ctx, { url: `${bucketId}/${key}`, ...(owner ? { owner } : {}), upsert }, UPLOAD_URL_SECONDS);
  return { url: `/object/upload/sign/${bucketId}/${key}?token=${token}`, token };
}
