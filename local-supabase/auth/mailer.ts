// The mails GoTrue sends (confirmation, recovery, e-mail change), each carrying a fresh one-time token; they go to
// the local inbox instead of an SMTP server.
import { renderMail, storeMail, type MailKind } from '../inbox/index.ts';
import type { AuthContext } from './context.ts';
import { issueToken } from './one-time-tokens.ts';
import type { Q } from './user-store.ts';

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
  // As GoTrue does, the pending link's hash is also kept on the user until the address is confirmed.
  await tx.query(`update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1`, [user.id, t.hash]);
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
