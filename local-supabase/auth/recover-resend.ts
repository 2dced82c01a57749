// POST /recover (a password-recovery mail) and POST /resend (the signup confirmation or e-mail change mail again).
// Both answer {} whether or not the address has an account, and count toward the mail limit either way. An SMS to
// resend (sms, phone_change with a phone) answers GoTrue's 400 phone_provider_disabled.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { sendConfirmation, sendEmailChange, sendRecovery } from './mailer.ts';
import { normalizeEmail, parseBody } from './params.ts';
import { allowedRedirect } from './redirects.ts';
import { findUserByEmail, isConfirmed } from './user-store.ts';

export async function resend(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const phone = typeof body.phone === 'string' ? body.phone : '';
  const email = typeof body.email === 'string' ? body.email : '';
  if (type === 'sms' && phone === '') throw errors.validation('Type provided requires a phone number');
  if (email !== '' && phone !== '') throw errors.validation('Only an email address or phone number should be provided.');
  // An SMS to resend: GoTrue's answer with the phone provider off (400 here, unlike sign-in's 422).
  if (phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const address = normalizeEmail(body.email, 'An email address is required');
  ctx.limiter.mail(type === 'signup' ? 'confirmation' : 'email_change', address);
  await ctx.pg.transaction(async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (!user) return;
    const who = { id: user.id, email: address, data: user.raw_user_meta_data ?? {} };
    if (type === 'signup' && !isConfirmed(user)) await sendConfirmation(ctx, tx, who);
    if (type === 'email_change' && user.email_change) {
      await sendEmailChange(ctx, tx, who, user.email_change, allowedRedirect(ctx, req.query.get('redirect_to')));
    }
  });
  return json(200, {});
}

export async function recover(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const email = normalizeEmail(body.email, 'Password recovery requires an email');
  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to'));
  ctx.limiter.mail('recovery', email);
  await ctx.pg.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await sendRecovery(ctx, tx, { id: user.id, email, data: user.raw_user_meta_data ?? {} }, redirectTo);
  });
  return json(200, {});
}
