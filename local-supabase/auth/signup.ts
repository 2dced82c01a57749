// POST /signup: a new e-mail and password account.
//
// With confirmations on (GoTrue's default), the answer is the bare user and a confirmation mail; an address that
// already has a confirmed account gets a look-alike user with a fresh id and no identities (and no mail), so the
// form cannot tell which addresses exist; an unconfirmed one gets a new confirmation mail and is not changed.
// With confirmations off (mailer autoconfirm), the account is confirmed at once and the answer is a session; an
// address that already has a confirmed account is 422 user_already_exists, and an unconfirmed one is confirmed and
// signed in as it is, as GoTrue does.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AuthContext } from './context.ts';
import { disabled } from './disabled.ts';
import { errors } from './errors.ts';
import { sendConfirmation } from './mailer.ts';
import { normalizeEmail, objectParam, parseBody } from './params.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import { createSession, tokenResponse } from './sessions.ts';
import { confirmEmail, fakeSignupUser, findUserByEmail, findUserById, insertUser, isConfirmed, userJson } from './user-store.ts';

export async function signup(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  // GoTrue refuses before reading the body when sign-ups are off (the admin API still creates users).
  if (ctx.disableSignup) throw errors.signupDisabled();
  const body = parseBody(req);
  // No address and no phone is an anonymous sign-in; a phone is a phone sign-up; both providers are off.
  if (!body.email && !body.phone) throw disabled.anonymous();
  if (!body.email) throw disabled.phoneSignup();
  const email = normalizeEmail(body.email, 'To signup, please provide your email');
  if (body.password === undefined || body.password === null || body.password === '') {
    throw errors.validation('Signup requires a valid password');
  }
  const password = checkPassword(body.password);
  const data = objectParam(body.data, 'data') ?? {};
  // Hashed whatever the outcome, so an existing address answers in the same time as a new one.
  const hash = await hashPassword(password, ctx.passwordHashCost);
  if (!ctx.mailerAutoconfirm) ctx.limiter.mail('confirmation', email);

  const result = await ctx.pg.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && isConfirmed(existing)) {
      if (ctx.mailerAutoconfirm) throw errors.userAlreadyExists();
      return fakeSignupUser(email, data);
    }
    if (ctx.mailerAutoconfirm) {
      const id =
        existing?.id ??
        (await insertUser(tx, { email, encryptedPassword: hash, userMetadata: data, appMetadata: {}, confirmed: true }));
      if (existing) await confirmEmail(tx, id);
      const s = await createSession(tx, id, 'password');
      return tokenResponse(ctx, tx, id, s.sessionId, s.refreshToken);
    }
    let id: string;
    if (existing) {
      // A repeated signup does not touch an unconfirmed account: it only sends a new confirmation.
      id = existing.id;
      await sendConfirmation(ctx, tx, { id, email, data: existing.raw_user_meta_data ?? {} });
    } else {
      id = await insertUser(tx, { email, encryptedPassword: hash, userMetadata: data, appMetadata: {}, confirmed: false });
      // As GoTrue does, the user is read again after the insert (triggers may have changed it) before the mail.
      const inserted = await findUserById(tx, id);
      await sendConfirmation(ctx, tx, { id, email, data: inserted?.raw_user_meta_data ?? data });
    }
    const user = await findUserById(tx, id);
    return userJson(user!);
  });
  return json(200, result);
}
