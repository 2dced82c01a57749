// POST /token: the password grant (sign-in) and the refresh_token grant (rotation, in sessions.ts); the id_token and
// pkce grants answer as GoTrue does with no OIDC provider and no PKCE flow, the web3 grant as with no wallet sign-in
// enabled; any other grant is unsupported.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AuthContext } from './context.ts';
import { disabled, idTokenGrant, pkceGrant } from './disabled.ts';
import { AuthError, errors } from './errors.ts';
import { parseBody } from './params.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, refreshSession, tokenResponse } from './sessions.ts';
import { findUserByEmail, isBanned, isConfirmed } from './user-store.ts';

export async function token(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const grant = req.query.get('grant_type');
  const body = parseBody(req);
  if (grant === 'password') return json(200, await passwordGrant(body, ctx));
  if (grant === 'refresh_token') {
    const rt = body.refresh_token;
    if (typeof rt !== 'string' || rt === '') throw errors.refreshTokenNotFound();
    return json(200, await refreshSession(ctx, rt));
  }
  if (grant === 'id_token') idTokenGrant(body);
  if (grant === 'pkce') pkceGrant(body);
  // GoTrue answers before reading the body when neither Solana nor Ethereum sign-in is on.
  if (grant === 'web3') throw disabled.web3();
  throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
}

/** Wrong address and wrong password get the same answer; a banned or unconfirmed account is refused after the check. */
async function passwordGrant(body: Record<string, unknown>, ctx: AuthContext): Promise<Record<string, unknown>> {
  if (!body.email && body.phone) throw errors.phoneDisabled();
  if (typeof body.email !== 'string' || body.email.trim() === '') throw errors.validation('missing email or phone');
  const email = body.email.trim().toLowerCase();
  const password = typeof body.password === 'string' ? body.password : '';
  const user = await findUserByEmail(ctx.pg, email);
  const ok = await verifyPassword(password, user?.encrypted_password);
  if (!user || !ok) throw errors.invalidCredentials();
  if (isBanned(user)) throw errors.userBanned();
  if (!isConfirmed(user)) throw errors.emailNotConfirmed();
  return ctx.pg.transaction(async (tx) => {
    const s = await createSession(tx, user.id, 'password');
    return tokenResponse(ctx, tx, user.id, s.sessionId, s.refreshToken);
  });
}
