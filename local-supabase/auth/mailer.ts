// One-time tokens and the mails that carry them (into the local inbox).
import { createHash, randomInt } from 'node:crypto';
import { renderMail, storeMail, type MailKind } from '../inbox/index.ts';
import type { AuthContext } from './context.ts';
import type { Q } from './users.ts';

export type TokenType = 'confirmation_token' | 'recovery_token' | 'email_change_token_new';

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

/** Whether `url` may be used as a redirect target: the site's host (as GoTrue compares it) or an allow-listed URL. */
export function allowedRedirect(ctx: AuthContext, url: string | null | undefined): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const site = new URL(ctx.siteUrl);
  if (u.hostname === site.hostname) return u.toString();
  for (const allowed of ctx.additionalRedirectUrls) {
    if (allowed.endsWith('*') ? url.startsWith(allowed.slice(0, -1)) : url === allowed) return u.toString();
  }
  return null;
}

async function deliver(
  ctx: AuthContext,
  tx: Q,
  kind: MailKind,
  to: string,
  actionUrl: string,
  t: { hash: string; otp: string },
  redirectTo: string,
  data: Record<string, unknown>,
  newEmail?: string,
): Promise<void> {
  const mail = renderMail(
    kind,
    {
      ConfirmationURL: actionUrl,
      SiteURL: ctx.siteUrl,
      Email: to,
      TokenHash: t.hash,
      Token: t.otp,
      RedirectTo: redirectTo,
      NewEmail: newEmail,
      Data: data,
    },
    ctx.templatesDir,
  );
  await storeMail(tx, { to, kind, ...mail });
  ctx.log(`mail: ${kind} to ${to} (see /_dev/inbox)`);
}

function siteLink(ctx: AuthContext, pathname: string): string {
  return new URL(pathname, ctx.siteUrl.endsWith('/') ? ctx.siteUrl : ctx.siteUrl + '/').toString();
}

export async function sendConfirmation(ctx: AuthContext, tx: Q, user: { id: string; email: string; data: Record<string, unknown> }): Promise<void> {
  const t = await issueToken(tx, user.id, 'confirmation_token', user.email);
  const url = `${siteLink(ctx, 'confirm-email')}?token_hash=${t.hash}&type=signup`;
  await tx.query(`update auth.users set confirmation_sent_at = now() where id = $1`, [user.id]);
  await deliver(ctx, tx, 'confirmation', user.email, url, t, ctx.siteUrl, user.data);
}

export async function sendRecovery(
  ctx: AuthContext,
  tx: Q,
  user: { id: string; email: string; data: Record<string, unknown> },
  redirectTo: string | null,
): Promise<void> {
  const t = await issueToken(tx, user.id, 'recovery_token', user.email);
  const target = redirectTo ?? siteLink(ctx, 'reset-password');
  const url = `${ctx.issuer}/verify?token=${t.hash}&type=recovery&redirect_to=${encodeURIComponent(target)}`;
  await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [user.id]);
  await deliver(ctx, tx, 'recovery', user.email, url, t, target, user.data);
}

export async function sendEmailChange(
  ctx: AuthContext,
  tx: Q,
  user: { id: string; email: string; data: Record<string, unknown> },
  newEmail: string,
  redirectTo: string | null,
): Promise<void> {
  const t = await issueToken(tx, user.id, 'email_change_token_new', newEmail);
  const target = redirectTo ?? ctx.siteUrl;
  const url = `${ctx.issuer}/verify?token=${t.hash}&type=email_change&redirect_to=${encodeURIComponent(target)}`;
  await tx.query(`update auth.users set email_change = $2, email_change_sent_at = now() where id = $1`, [user.id, newEmail]);
  await deliver(ctx, tx, 'email_change', newEmail, url, t, target, user.data, newEmail);
}
