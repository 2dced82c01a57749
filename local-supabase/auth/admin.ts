// GoTrue's admin API (/admin/users...), for tooling and tests: service_role bearer only.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AuthContext } from './context.ts';
import { requireServiceRole } from './caller.ts';
import { errors } from './errors.ts';
import { normalizeEmail, objectParam, parseBody } from './params.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  mergeMetadata,
  setEmail,
  userJson,
  type UserRow,
} from './user-store.ts';

/** Go-style durations as GoTrue's ban_duration takes them ('24h', '30m', '1h30m', '876000h'); 'none' lifts a ban. */
function banUntil(v: unknown): Date | null | undefined {
  if (v === undefined) return undefined;
  if (v === 'none') return null;
  if (typeof v !== 'string' || !/^(\d+(\.\d+)?(h|m|s|ms))+$/.test(v)) {
    throw errors.validation('invalid format for ban duration: use a duration like 24h, or none');
  }
  const unit: Record<string, number> = { h: 3600e3, m: 60e3, s: 1e3, ms: 1 };
  let ms = 0;
  for (const m of v.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) ms += Number(m[1]) * unit[m[2]];
  return new Date(Date.now() + ms);
}

export async function handleAdmin(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  await requireServiceRole(req, ctx);
  const m = /^\/admin\/users(?:\/([^/]+))?\/?$/.exec(req.path);
  if (!m) throw errors.notFound();
  const id = m[1] ? decodeURIComponent(m[1]) : null;
  if (id === null) {
    if (req.method === 'GET') return listUsers(req, ctx);
    if (req.method === 'POST') return createUser(req, ctx);
    throw errors.methodNotAllowed();
  }
  const user = isUuid(id) ? await findUserById(ctx.pg, id) : null;
  if (!user) throw errors.userNotFound();
  if (req.method === 'GET') return json(200, userJson(user));
  if (req.method === 'PUT') return updateUser(req, ctx, user);
  if (req.method === 'DELETE') {
    await ctx.pg.query(`delete from auth.users where id = $1`, [user.id]);
    return json(200, {});
  }
  throw errors.methodNotAllowed();
}

const MAX_PER_PAGE = 1000;
const MAX_PAGE = 2 ** 31 - 1;

/** Go's strconv.ParseUint(s, 10, 64): digits only, no sign or spaces, at most 2^64-1; the error text is Go's. */
function parseUint(s: string): { value: bigint } | { error: string } {
  if (!/^[0-9]+$/.test(s)) return { error: `strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax` };
  const value = BigInt(s);
  if (value > 2n ** 64n - 1n) return { error: `strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range` };
  return { value };
}

/**
 * GoTrue's paging of the admin user list: `page` (default 1) and `per_page` (default 50) must be unsigned integers,
 * page at least 1 and at most 2^31-1, per_page from 1 to 1000; anything else is 400 validation_failed.
 */
function pagination(query: URLSearchParams): { page: number; perPage: number } {
  const bad = (why: string) => errors.validation(`Bad Pagination Parameters: ${why}`);
  let page = 1;
  let perPage = 50;
  const pageParam = query.get('page') ?? '';
  if (pageParam !== '') {
    const p = parseUint(pageParam);
    if ('error' in p) throw bad(p.error);
    if (p.value === 0n) throw bad('page must be greater than 0');
    if (p.value > BigInt(MAX_PAGE)) throw bad('page exceeds maximum allowed value');
    page = Number(p.value);
  }
  const perPageParam = query.get('per_page') ?? '';
  if (perPageParam !== '') {
    const p = parseUint(perPageParam);
    if ('error' in p) throw bad(p.error);
    if (p.value === 0n) throw bad('per_page must be greater than 0');
    if (p.value > BigInt(MAX_PER_PAGE)) throw bad(`per_page must not exceed ${MAX_PER_PAGE}`);
    perPage = Number(p.value);
  }
  return { page, perPage };
}

async function listUsers(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const { page, perPage } = pagination(req.query);
  const total = Number((await ctx.pg.query<{ n: number }>(`select count(*)::int as n from auth.users`)).rows[0].n);
  const ids = await ctx.pg.query<{ id: string }>(`select id from auth.users order by created_at desc, id limit $1 offset $2`, [
    perPage,
    (page - 1) * perPage,
  ]);
  const users: Record<string, unknown>[] = [];
  for (const r of ids.rows) {
    const u = await findUserById(ctx.pg, r.id);
    if (u) users.push(userJson(u));
  }
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
  return json(200, { users, aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') });
}

async function createUser(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  if (!body.email && body.phone) throw errors.phoneDisabled();
  const email = normalizeEmail(body.email, 'Unable to validate email address: invalid format');
  const password = body.password === undefined || body.password === null || body.password === '' ? null : checkPassword(body.password);
  const userMetadata = objectParam(body.user_metadata, 'user_metadata') ?? {};
  const appMetadata = objectParam(body.app_metadata, 'app_metadata') ?? {};
  const hash = password ? await hashPassword(password, ctx.passwordHashCost) : null;
  const user = await ctx.pg.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw errors.emailExists();
    const id = await insertUser(tx, {
      email,
      encryptedPassword: hash,
      userMetadata,
      appMetadata,
      confirmed: body.email_confirm === true,
      metadataAsGiven: true,
    });
    const ban = banUntil(body.ban_duration);
    if (ban !== undefined) await tx.query(`update auth.users set banned_until = $2 where id = $1`, [id, ban]);
    return findUserById(tx, id);
  });
  return json(200, userJson(user!));
}

async function updateUser(req: ApiRequest, ctx: AuthContext, user: UserRow): Promise<ApiResponse> {
  const body = parseBody(req);
  const email = body.email === undefined || body.email === null ? null : normalizeEmail(body.email, 'Email is required');
  const password = body.password === undefined || body.password === null ? null : checkPassword(body.password);
  const userMetadata = objectParam(body.user_metadata, 'user_metadata');
  const appMetadata = objectParam(body.app_metadata, 'app_metadata');
  const ban = banUntil(body.ban_duration);
  const hash = password ? await hashPassword(password, ctx.passwordHashCost) : null;
  const updated = await ctx.pg.transaction(async (tx) => {
    if (email && email !== (user.email ?? '').toLowerCase()) {
      const taken = await findUserByEmail(tx, email);
      if (taken && taken.id !== user.id) throw errors.emailExists();
      await setEmail(tx, user.id, email);
    }
    if (hash) await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, hash]);
    if (userMetadata) {
      await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)),
      ]);
    }
    if (appMetadata) {
      const merged = { ...mergeMetadata(user.raw_app_meta_data, appMetadata), provider: 'email', providers: ['email'] };
      await tx.query(`update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
        user.id,
        JSON.stringify(merged),
      ]);
    }
    if (body.email_confirm === true) await confirmEmail(tx, user.id, { metadata: false });
    if (ban !== undefined) await tx.query(`update auth.users set banned_until = $2 where id = $1`, [user.id, ban]);
    return findUserById(tx, user.id);
  });
  return json(200, userJson(updated!));
}
