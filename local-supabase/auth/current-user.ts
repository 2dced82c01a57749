// GET/PUT /user and POST /logout: the signed-in user's own routes (Bearer access token).
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { bearer, verifyJwt, type AccessTokenClaims } from './jwt.ts';
import { allowedRedirect, sendEmailChange } from './mailer.ts';
import { checkPassword, hashPassword, verifyPassword } from './passwords.ts';
import { normalizeEmail, objectParam, parseBody } from './params.ts';
import { sessionExists } from './sessions.ts';
import { findUserByEmail, findUserById, isUuid, mergeMetadata, userJson, type UserRow } from './users.ts';

async function requireClaims(req: ApiRequest, ctx: AuthContext): Promise<AccessTokenClaims> {
  const token = bearer(req.headers);
  if (!token) throw errors.noAuthorization();
  const claims = await verifyJwt(ctx.jwtSecret, token);
  if (typeof claims.sub !== 'string' || !isUuid(claims.sub)) throw errors.badJwt('invalid claim: missing sub claim');
  if (claims.session_id !== undefined && (typeof claims.session_id !== 'string' || !isUuid(claims.session_id))) {
    throw errors.sessionNotFound();
  }
  return claims;
}

/** The user of a valid access token whose session still exists. */
async function requireUser(req: ApiRequest, ctx: AuthContext): Promise<{ claims: AccessTokenClaims; user: UserRow }> {
  const claims = await requireClaims(req, ctx);
  if (claims.session_id && !(await sessionExists(ctx.pg, claims.session_id))) throw errors.sessionNotFound();
  const user = await findUserById(ctx.pg, claims.sub);
  if (!user) throw errors.userNotFound('User from sub claim in JWT does not exist');
  return { claims, user };
}

export async function handleUserGet(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const { user } = await requireUser(req, ctx);
  return json(200, userJson(user));
}

export async function handleUserPut(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const { claims, user } = await requireUser(req, ctx);
  const body = parseBody(req);
  // app_metadata (roles, providers) belongs to the service: a user can never write it, not even partly.
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (typeof body.phone === 'string' && body.phone !== '' && body.phone !== user.phone) {
    throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  const data = objectParam(body.data, 'data');

  let newHash: string | null = null;
  if (body.password !== undefined && body.password !== null) {
    const password = checkPassword(body.password);
    if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) throw errors.samePassword();
    newHash = await hashPassword(password);
  }

  let newEmail: string | null = null;
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    const email = normalizeEmail(body.email, 'Email is required');
    if (email !== (user.email ?? '').toLowerCase()) {
      const taken = await findUserByEmail(ctx.pg, email);
      if (taken) throw errors.emailExists();
      ctx.limiter.mail('email_change', email);
      newEmail = email;
    }
  }

  await ctx.pg.transaction(async (tx) => {
    if (data) {
      await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
      ]);
    }
    if (newHash) {
      await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, newHash]);
      // A new password ends every other session of the user (their refresh tokens go with them).
      await tx.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [
        user.id,
        claims.session_id ?? null,
      ]);
    }
    if (newEmail) {
      await sendEmailChange(
        ctx,
        tx,
        { id: user.id, email: user.email ?? '', data: user.raw_user_meta_data ?? {} },
        newEmail,
        allowedRedirect(ctx, req.query.get('redirect_to')),
      );
    }
  });
  const updated = await findUserById(ctx.pg, user.id);
  return json(200, userJson(updated!));
}

export async function handleLogout(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const claims = await requireClaims(req, ctx);
  const scope = req.query.get('scope') ?? 'global';
  const sid = claims.session_id ?? null;
  if (scope === 'global') {
    await ctx.pg.query(`delete from auth.sessions where user_id = $1`, [claims.sub]);
  } else if (scope === 'local') {
    if (sid) await ctx.pg.query(`delete from auth.sessions where id = $1`, [sid]);
  } else if (scope === 'others') {
    await ctx.pg.query(`delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid`, [claims.sub, sid]);
  } else {
    throw errors.validation('Unsupported logout scope: use global, local or others');
  }
  return { status: 204, headers: {}, body: '' };
}
