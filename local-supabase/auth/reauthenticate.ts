// GET /reauthenticate: a signed-in user with a confirmed e-mail asks for a one-time code, mailed to them; the code is
// then sent as `nonce` with a password change (PUT /user). As GoTrue keeps it, only the code's hash and the time it was
// sent are stored, on the user (`reauthentication_token`, `reauthentication_sent_at`); a new request replaces the
// previous code, a used code is cleared, and a code lives as long as the other one-time codes.
import { randomInt } from 'node:crypto';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { requireUser } from './caller.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { sendReauthentication } from './mailer.ts';
import { tokenHash } from './one-time-tokens.ts';
import type { Q, UserRow } from './user-store.ts';

/** A password change from a session created longer ago than this needs a nonce (with secure password change on). */
export const REAUTHENTICATION_SESSION_AGE_MS = 24 * 60 * 60 * 1000;

export async function handleReauthenticate(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const { user } = await requireUser(req, ctx);
  const email = user.email ?? '';
  const phone = user.phone ?? '';
  if (email === '' && phone === '') {
    throw errors.validation('Reauthentication requires the user to have an email or a phone number');
  }
  if (email === '') {
    // Only a phone: the code would go by SMS, and the phone provider is off here.
    throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  }
  if (user.email_confirmed_at === null) {
    throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
  }
  const frequencySeconds = ctx.limiter.config?.emailFrequencySeconds ?? 0;
  await ctx.pg.transaction(async (tx) => {
    // Read again under a row lock, so two requests at once cannot both pass the frequency check.
    const r = await tx.query<{ sent_at: Date | null }>(
      `select reauthentication_sent_at as sent_at from auth.users where id = $1 for update`,
      [user.id],
    );
    const sentAt = r.rows[0]?.sent_at;
    if (sentAt && frequencySeconds > 0) {
      const leftMs = new Date(sentAt).getTime() + frequencySeconds * 1000 - Date.now();
      if (leftMs > 0) {
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`,
        );
      }
    }
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await tx.query(
      `update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1`,
      [user.id, tokenHash(email, otp)],
    );
    await sendReauthentication(ctx, tx, { email, data: user.raw_user_meta_data ?? {} }, otp);
  });
  return json(200, {});
}

/**
 * Whether a password change by this session must carry a nonce: with secure password change on, unless the session
 * was created within the last 24 hours (a fresh sign-in already proved the password).
 */
export async function nonceRequired(ctx: AuthContext, q: Q, sessionId: string | undefined): Promise<boolean> {
  if (!ctx.securePasswordChange) return false;
  if (!sessionId) return true;
  const r = await q.query<{ created_at: Date }>(`select created_at from auth.sessions where id = $1`, [sessionId]);
  const created = r.rows[0]?.created_at;
  return !created || Date.now() - new Date(created).getTime() > REAUTHENTICATION_SESSION_AGE_MS;
}

/**
 * Checks `nonce` against the user's pending reauthentication code: none pending, a wrong code or an expired one is
 * GoTrue's 422 reauthentication_not_valid.
 */
export async function checkReauthenticationNonce(ctx: AuthContext, q: Q, user: UserRow, nonce: string): Promise<string> {
  const r = await q.query<{ token: string | null; sent_at: Date | null }>(
    `select reauthentication_token as token, reauthentication_sent_at as sent_at from auth.users where id = $1`,
    [user.id],
  );
  const row = r.rows[0];
  if (!row?.token || !row.sent_at) throw errors.reauthenticationNotValid();
  const email = user.email ?? '';
  if (email === '') {
    throw new AuthError(422, 'reauthentication_not_valid', 'Reauthentication requires an email or a phone number');
  }
  const expired = Date.now() - new Date(row.sent_at).getTime() > ctx.otpExpirySeconds * 1000;
  if (expired || tokenHash(email, nonce) !== row.token) throw errors.reauthenticationNotValid();
  return row.token;
}

/**
 * Spends the code in the transaction of the change it allows (a change that fails leaves it usable; two changes at
 * once cannot both use it): checked again under the row lock, then cleared.
 */
export async function spendReauthenticationNonce(ctx: AuthContext, tx: Q, user: UserRow, nonce: string): Promise<void> {
  await tx.query(`select 1 from auth.users where id = $1 for update`, [user.id]);
  const hash = await checkReauthenticationNonce(ctx, tx, user, nonce);
  await tx.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null
      where id = $1 and reauthentication_token = $2`,
    [user.id, hash],
  );
}
