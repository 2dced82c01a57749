// GET /user and PUT /user: the signed-in user reads and changes their own account (Bearer access token).
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { requireUser } from './caller.ts';
import type { AuthContext } from './context.ts';
import { errors } from './errors.ts';
import { sendEmailChange } from './mailer.ts';
import { checkPassword, hashPassword, verifyPassword } from './passwords.ts';
import { normalizeEmail, objectParam, parseBody } from './params.ts';
import { checkReauthenticationNonce, nonceRequired, spendReauthenticationNonce } from './reauthenticate.ts';
import { allowedRedirect } from './redirects.ts';
import { findUserByEmail, findUserById, mergeMetadata, userJson } from './user-store.ts';

export async function handleUserGet(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const { user } = await requireUser(req, ctx);
  return json(200, userJson(user));
}

export async function handleUserPut(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const { claims, user } = await requireUser(req, ctx);
  const body = parseBody(req);
  // app_metadata (roles, providers) belongs to the service: a user can never write it, not even partly.
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw errors.notAdmin('Updating app_metadata requires admin privileges');
  }
  if (typeof body.phone === 'string' && body.phone !== '' && body.phone !== user.phone) {
    throw errors.phoneDisabled();
  }
  const data = objectParam(body.data, 'data');

  let newHash: string | null = null;
  let nonce: string | null = null;
  if (body.password !== undefined && body.password !== null) {
    const password = checkPassword(body.password);
    if (await nonceRequired(ctx, ctx.pg, claims.session_id)) {
      nonce = typeof body.nonce === 'string' ? body.nonce : '';
      if (nonce === '') throw errors.reauthenticationNeeded();
      await checkReauthenticationNonce(ctx, ctx.pg, user, nonce);
    }
    if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) throw errors.samePassword();
    newHash = await hashPassword(password, ctx.passwordHashCost);
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
    if (nonce !== null) await spendReauthenticationNonce(ctx, tx, user, nonce);
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
