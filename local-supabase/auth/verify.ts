// /verify: spending a one-time token from a mail. POST (token_hash + type, or token + email + type) answers a session
// (a wrong or expired code: 403 'Token has expired or is invalid'; a bad token_hash: 'Email link is invalid or has
// expired', as GoTrue words them; the SMS types sms and phone_change find no code, phone sign-in being off);
// GET (the link in the mail) answers 303 to redirect_to with the session, or the error, in the URL fragment. With
// double_confirm_changes an e-mail change takes the links sent to both addresses: the first one used answers GoTrue's
// 'Confirmation link accepted...' message (POST: {msg, code}; GET: `#message=` in the redirect) and changes nothing.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { isVerifyType, spendToken, tokenHash } from './one-time-tokens.ts';
import { parseBody } from './params.ts';
import { allowedRedirect } from './redirects.ts';
import { createSession, tokenResponse } from './sessions.ts';
import { confirmEmail, findUserByEmail, findUserById, isBanned, setEmail, type Q } from './user-store.ts';

/** GoTrue's answer to the first of the two links of a double-confirmed e-mail change. */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Moves the account to the address an e-mail change token was issued for (refused if another account has it). */
async function applyEmailChange(tx: Q, userId: string, newEmail: string): Promise<void> {
  const taken = await findUserByEmail(tx, newEmail);
  if (taken && taken.id !== userId) throw errors.emailExists();
  await setEmail(tx, userId, newEmail);
  await tx.query(`update auth.users set email_change_sent_at = null, email_change_confirm_status = 0 where id = $1`, [userId]);
  await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type like 'email_change_token_%'`, [userId]);
}

/** A session (the token response), or `single` for the first link of a double-confirmed e-mail change. */
async function verifyToken(ctx: AuthContext, type: string, hash: string): Promise<Record<string, unknown> | 'single'> {
  return ctx.pg.transaction(async (tx) => {
    const t = await spendToken(ctx, tx, type, hash);
    const user = await findUserById(tx, t.userId);
    if (!user) throw errors.otpExpired();
    if (isBanned(user)) throw errors.userBanned();
    if (t.tokenType === 'email_change_token_new' || t.tokenType === 'email_change_token_current') {
      const newEmail = user.email_change || (t.tokenType === 'email_change_token_new' ? t.relatesTo : '');
      if (!newEmail) throw errors.otpExpired();
      // As GoTrue: with double confirmation the first link (either one) is only noted; the second makes the change.
      if (ctx.secureEmailChange && user.email && (user.email_change_confirm_status ?? 0) === 0) {
        await tx.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [user.id]);
        return 'single';
      }
      await applyEmailChange(tx, user.id, newEmail);
    }
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
  const phoneType = type === 'sms' || type === 'phone_change';
  if (!isVerifyType(type) && !phoneType) throw errors.validation('Unsupported verification type');
  const phone = typeof body.phone === 'string' ? body.phone : '';
  const email = typeof body.email === 'string' ? body.email : '';
  if (typeof body.token === 'string' && body.token !== '' && phone !== '' && email === '') {
    // A code sent by SMS: the number is checked as GoTrue checks it, and no account here ever holds such a code
    // (phone sign-in is off), so the answer is GoTrue's for a wrong or expired code.
    if (!/^[1-9]\d{1,14}$/.test(phone.replace(/[\s+]/g, ''))) throw errors.validation('Invalid phone number format (E.164 required)');
    throw errors.otpInvalid();
  }
  let hash: string;
  let fromCode = false;
  if (typeof body.token_hash === 'string' && body.token_hash !== '') hash = body.token_hash;
  else if (typeof body.token === 'string' && body.token !== '' && email !== '') {
    hash = tokenHash(email.trim(), body.token.trim());
    fromCode = true;
  } else throw errors.validation('Verify requires either a token or a token hash');
  if (phoneType) throw errors.otpExpired();
  // GoTrue words a wrong, spent or expired 6-digit code (email + token) differently from a bad link (token_hash).
  const out = await verifyToken(ctx, type, hash).catch((err: unknown) => {
    throw fromCode && err instanceof AuthError && err.code === 'otp_expired' ? errors.otpInvalid() : err;
  });
  if (out === 'single') return json(200, { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' });
  return json(200, out);
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
    if (t === 'single') {
      return { status: 303, headers: { location: `${base}#${new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED })}`, 'content-length': '0' }, body: '' };
    }
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
