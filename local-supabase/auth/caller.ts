// Who is calling: the Bearer access token of a signed-in user, or the service_role key of the admin API.
import type { ApiRequest } from '../http.ts';
import type { AuthContext } from './context.ts';
import { errors } from './errors.ts';
import { bearer, verifyJwt, type AccessTokenClaims } from './jwt.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, isUuid, type UserRow } from './user-store.ts';

/** The claims of a valid access token (signature, expiry, a user id and, when present, a well-formed session id). */
export async function requireClaims(req: ApiRequest, ctx: AuthContext): Promise<AccessTokenClaims> {
  const token = bearer(req.headers);
  if (!token) throw errors.noAuthorization();
  const claims = await verifyJwt(ctx.keys, token);
  if (typeof claims.sub !== 'string' || !isUuid(claims.sub)) throw errors.badJwt('invalid claim: missing sub claim');
  if (claims.session_id !== undefined && (typeof claims.session_id !== 'string' || !isUuid(claims.session_id))) {
    throw errors.sessionNotFound();
  }
  return claims;
}

/** The user of a valid access token whose session still exists. */
export async function requireUser(req: ApiRequest, ctx: AuthContext): Promise<{ claims: AccessTokenClaims; user: UserRow }> {
  const claims = await requireClaims(req, ctx);
  if (claims.session_id && !(await sessionExists(ctx.pg, claims.session_id))) throw errors.sessionNotFound();
  const user = await findUserById(ctx.pg, claims.sub);
  if (!user) throw errors.userNotFound('User from sub claim in JWT does not exist');
  return { claims, user };
}

/** The admin API answers only a Bearer JWT whose role is service_role (or supabase_admin). */
export async function requireServiceRole(req: ApiRequest, ctx: AuthContext): Promise<void> {
  const token = bearer(req.headers);
  if (!token) throw errors.noAuthorization();
  const claims = await verifyJwt(ctx.keys, token);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw errors.notAdmin();
}
