// One-time tokens (the links and codes of confirmation, recovery and e-mail change mails): issued here, and checked
// and spent here. Only the newest token of a kind per user works; it lives `otpExpirySeconds` and is single use.
import { createHash, randomInt } from 'node:crypto';
import type { AuthContext } from './context.ts';
import { errors } from './errors.ts';
import type { Q } from './user-store.ts';

export type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

/** Which stored tokens each `type` of /verify accepts. */
const VERIFY_TYPES: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token', 'confirmation_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

export function isVerifyType(type: string): boolean {
  return Object.hasOwn(VERIFY_TYPES, type);
}

/** GoTrue's token hash: hex(sha224(email + otp)). The 6-digit OTP itself is only ever in the mail. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email.toLowerCase() + otp).digest('hex');
}

/** Issues a fresh token of `type` for the user (replacing an older one: only the newest mail's link works). */
export async function issueToken(tx: Q, userId: string, type: TokenType, email: string): Promise<{ hash: string; otp: string }> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = tokenHash(email, otp);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3, $4)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now()`,
    [userId, type, hash, email.toLowerCase()],
  );
  return { hash, otp };
}

export interface SpentToken {
  userId: string;
  tokenType: TokenType;
  /** The address the token was issued for (the new address of an e-mail change, or the current one for its other link). */
  relatesTo: string;
}

/**
 * Spends the token with `hash` that a /verify of `type` accepts: deletes it and returns what it was for. An unknown,
 * already spent or expired token is GoTrue's 403 otp_expired; an unsupported type is a 400.
 */
export async function spendToken(ctx: AuthContext, tx: Q, type: string, hash: string): Promise<SpentToken> {
  const types = VERIFY_TYPES[type];
  if (!types) throw errors.validation('Unsupported verification type');
  const r = await tx.query<{ id: string; user_id: string; token_type: TokenType; relates_to: string; created_at: Date }>(
    `select id, user_id, token_type, relates_to, created_at from auth.one_time_tokens
      where token_hash = $1 and token_type = any($2::text[]) limit 1`,
    [hash, types],
  );
  const t = r.rows[0];
  if (!t || Date.now() - new Date(t.created_at).getTime() > ctx.otpExpirySeconds * 1000) throw errors.otpExpired();
  await tx.query(`delete from auth.one_time_tokens where id = $1`, [t.id]);
  return { userId: t.user_id, tokenType: t.token_type, relatesTo: t.relates_to };
}
