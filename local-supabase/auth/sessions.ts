// Sessions, rotating single-use refresh tokens and GoTrue's token response.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthContext } from './context.ts';
import { errors } from './errors.ts';
import { signAccessToken, ACCESS_TOKEN_TTL, type AmrEntry } from './jwt.ts';
import { appMetadata, findUserById, isBanned, userJson, type Q, type UserRow } from './user-store.ts';

/** A revoked refresh token may be presented again this long after it was rotated, if it is the active token's parent. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function createSession(tx: Q, userId: string, method: 'password' | 'otp'): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  await tx.query(`insert into auth.sessions (id, user_id, amr) values ($1, $2, $3::jsonb)`, [sessionId, userId, JSON.stringify(amr)]);
  const refreshToken = newRefreshToken();
  await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [refreshToken, userId, sessionId]);
  await tx.query(`update auth.users set last_sign_in_at = now() where id = $1`, [userId]);
  await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`, [userId]);
  return { sessionId, refreshToken };
}

/** GoTrue's AccessTokenResponse for a user and session. */
export async function tokenResponse(
  ctx: AuthContext,
  q: Q,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const user = await findUserById(q, userId);
  if (!user) throw errors.userNotFound();
  const s = await q.query<{ amr: AmrEntry[] }>(`select amr from auth.sessions where id = $1`, [sessionId]);
  const { token, exp } = await signAccessToken(ctx.keys, {
    issuer: ctx.issuer,
    userId: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    role: user.role || 'authenticated',
    aud: user.aud || 'authenticated',
    appMetadata: appMetadata(user),
    userMetadata: user.raw_user_meta_data ?? {},
    sessionId,
    amr: s.rows[0]?.amr ?? [],
    isAnonymous: user.is_anonymous ?? false,
  });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

type RefreshOutcome =
  | { ok: true; userId: string; sessionId: string; refreshToken: string }
  | { ok: false; error: ReturnType<(typeof errors)[keyof typeof errors]> };

/**
 * The refresh_token grant. Tokens are single use: each refresh revokes the presented token and issues a child.
 * Presenting a revoked token is allowed only for the active token's direct parent within the grace period (a client
 * that lost the answer), and then gets that active token back; any other reuse revokes the whole session.
 */
export async function refreshSession(ctx: AuthContext, refreshToken: string): Promise<Record<string, unknown>> {
  const outcome = await ctx.pg.transaction(async (tx): Promise<RefreshOutcome> => {
    const r = await tx.query<{
      token: string;
      user_id: string;
      session_id: string;
      revoked: boolean;
      updated_at: Date;
      not_after: Date | null;
    }>(
      `select rt.token, rt.user_id, rt.session_id, rt.revoked, rt.updated_at, s.not_after
         from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
        where rt.token = $1`,
      [refreshToken],
    );
    const rt = r.rows[0];
    if (!rt) return { ok: false, error: errors.refreshTokenNotFound() };
    const user: UserRow | null = await findUserById(tx, rt.user_id);
    if (!user) return { ok: false, error: errors.refreshTokenNotFound() };
    if (isBanned(user)) return { ok: false, error: errors.userBanned() };
    if (rt.not_after && new Date(rt.not_after).getTime() < Date.now()) {
      return { ok: false, error: errors.sessionExpired() };
    }
    if (rt.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [rt.session_id],
      );
      const child = active.rows[0];
      const withinGrace = Date.now() - new Date(rt.updated_at).getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (child && child.parent === rt.token && withinGrace) {
        await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [rt.session_id]);
        return { ok: true, userId: rt.user_id, sessionId: rt.session_id, refreshToken: child.token };
      }
      // Reuse of a spent token: someone else may hold this family. End the session (its tokens go with it).
      await tx.query(`delete from auth.sessions where id = $1`, [rt.session_id]);
      return { ok: false, error: errors.refreshTokenAlreadyUsed() };
    }
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [rt.token]);
    const next = newRefreshToken();
    await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
      next,
      rt.user_id,
      rt.session_id,
      rt.token,
    ]);
    await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [rt.session_id]);
    return { ok: true, userId: rt.user_id, sessionId: rt.session_id, refreshToken: next };
  });
  if (!outcome.ok) throw outcome.error;
  return tokenResponse(ctx, ctx.pg, outcome.userId, outcome.sessionId, outcome.refreshToken);
}

export async function sessionExists(q: Q, sessionId: string): Promise<boolean> {
  const r = await q.query(`select 1 from auth.sessions where id = $1 and (not_after is null or not_after > now())`, [sessionId]);
  return r.rows.length > 0;
}
