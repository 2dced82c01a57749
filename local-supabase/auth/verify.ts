// /verify: spending a one-time token from a mail. POST (token_hash + type, or token + email + type) answers a session;
// GET (the link in the mail) answers 303 to redirect_to with the session, or the error, in the URL fragment.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { isVerifyType, spendToken, tokenHash } from './one-time-tokens.ts';
import { parseBody } from './params.ts';
import { allowedRedirect } from './redirects.ts';
import { createSession, tokenResponse } from './sessions.ts';
import { confirmEmail, findUserByEmail, findUserById, isBanned, setEmail, type Q } from './user-store.ts';

/** Moves the account to the address an e-mail change token was issued for (refused if another account has it). */
async function applyEmailChange(tx: Q, userId: string, newEmail: string): Promise<void> {
  const taken = await findUserByEmail(tx, newEmail);
  if (taken && taken.id !== userId) throw errors.emailExists();
  await setEmail(tx, userId, newEmail);
  await tx.query(`update auth.users set email_change_sent_at = null where id = $1`, [userId]);
}

async function verifyToken(ctx: AuthContext, type: string, hash: string): Promise<Record<string, unknown>> {
  return ctx.pg.transaction(async (tx) => {
    const t = await spendToken(ctx, tx, type, hash);
    const user = await findUserById(tx, t.userId);
    if (!user) throw errors.otpExpired();
    if (isBanned(user)) throw errors.userBanned();
    if (t.tokenType === 'email_change_token_new') await applyEmailChange(tx, user.id, t.relatesTo);
    // Following a confirmation or a recovery link proves the address.
    else await confirmEmail(tx, user.id);
    const s = await createSession(tx, user.id, 'otp');
    return tokenResponse(ctx, tx, user.id, s.sessionId, s.refreshToken);
  });
}

export async function verifyPost(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const type = body.type;
  if (typeof type !== 'string' || type === '') throw errors.validation('Verify requires a verification type');
  if (!isVerifyType(type)) throw errors.validation('Unsupported verification type');
  let hash: string;
  if (typeof body.token_hash === 'string' && body.token_hash !== '') hash = body.token_hash;
  else if (typeof body.token === 'string' && body.token !== '' && typeof body.email === 'string') {
    hash = tokenHash(body.email.trim(), body.token.trim());
  } else throw errors.validation('Verify requires either a token or a token hash');
  return json(200, await verifyToken(ctx, type, hash));
}

/** The e-mail link: 303 to redirect_to with the session (implicit flow) or the error in the URL fragment. */
export async function verifyGet(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const target = allowedRedirect(ctx, req.query.get('redirect_to')) ?? ctx.siteUrl;
  const base = target.split('#')[0];
  const type = req.query.get('type') ?? '';
  const tokenParam = req.query.get('token') ?? '';
  let fragment: string;
  try {
    if (!tokenParam) throw errors.validation('Verify requires a token or a token hash');
    if (!type) throw errors.validation('Verify requires a verification type');
    const t = await verifyToken(ctx, type, tokenParam);
    fragment = new URLSearchParams({
      access_token: String(t.access_token),
      expires_at: String(t.expires_at),
      expires_in: String(t.expires_in),
      refresh_token: String(t.refresh_token),
      token_type: 'bearer',
      type,
    }).toString();
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    fragment = new URLSearchParams({
      error: err.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: err.code,
      error_description: err.message,
    }).toString();
  }
  return { status: 303, headers: { location: `${base}#${fragment}`, 'content-length': '0' }, body: '' };
}
