// The mails GoTrue sends (confirmation, recovery, e-mail change), each carrying a fresh one-time token; they go to
// the local inbox instead of an SMTP server.
import { renderMail, storeMail, type MailKind } from '../inbox/index.ts';
import type { AuthContext } from './context.ts';
import { issueToken } from './one-time-tokens.ts';
import type { Q } from './user-store.ts';
import { escapeHtml } from '../http.ts';

/**
 * The agency name the project's templates and subjects are written with. A hosted project's operator rewrites them when
 * the agency is renamed in the settings (GoTrue's templates cannot read the database); this server does the same by
 * itself: each mail it renders says the current `public.app_settings.app_name` where the templates say this name.
 */
export const TEMPLATE_AGENCY_NAME = 'Portal IA';

/** The agency's name from the project's settings, or null when the project has no such table or row. */
async function agencyName(tx: Q): Promise<string | null> {
  const { rows } = await tx.query<{ present: boolean }>(
    `select to_regclass('public.app_settings') is not null
        and exists (select 1 from pg_attribute where attrelid = to_regclass('public.app_settings') and attname = 'app_name') as present`,
  );
  if (!rows[0]?.present) return null;
  const named = await tx.query<{ app_name: string | null }>('select app_name from public.app_settings limit 1');
  const name = named.rows[0]?.app_name?.trim();
  return name ? name : null;
}

function renamed(mail: { subject: string; text: string; html: string }, name: string | null) {
  if (!name || name === TEMPLATE_AGENCY_NAME) return mail;
  const swap = (value: string, to: string) => value.split(TEMPLATE_AGENCY_NAME).join(to);
  return { subject: swap(mail.subject, name), text: swap(mail.text, name), html: swap(mail.html, escapeHtml(name)) };
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
  await storeMail(tx, { to, kind, ...mail, ...renamed(mail, await agencyName(tx)) });
  ctx.log(`mail: ${kind} to ${to} (see /_dev/inbox)`);
}

function siteLink(ctx: AuthContext, pathname: string): string {
  return new URL(pathname, ctx.siteUrl.endsWith('/') ? ctx.siteUrl : ctx.siteUrl + '/').toString();
}

export async function sendConfirmation(ctx: AuthContext, tx: Q, user: { id: string; email: string; data: Record<string, unknown> }): Promise<void> {
  const t = await issueToken(tx, user.id, 'confirmation_token', user.email);
  // The account's confirmation key (set by the project's database, when it does) goes in the link as the template puts it.
  const key = typeof user.data.confirmation_key === 'string' && user.data.confirmation_key ? `&key=${encodeURIComponent(user.data.confirmation_key)}` : '';
  const url = `${siteLink(ctx, 'confirm-email')}?token_hash=${t.hash}&type=signup${key}`;
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
  const target = redirectTo ?? ctx.siteUrl;
  const link = (hash: string) => `${ctx.issuer}/verify?token=${hash}&type=email_change&redirect_to=${encodeURIComponent(target)}`;
  const t = await issueToken(tx, user.id, 'email_change_token_new', newEmail);
  await tx.query(
    `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1`,
    [user.id, newEmail],
  );
  // With double confirmation (GoTrue's secure e-mail change), the current address gets a link of its own too; the
  // change happens once both are used. Otherwise an older current-address link no longer counts.
  if (ctx.secureEmailChange && user.email) {
    const current = await issueToken(tx, user.id, 'email_change_token_current', user.email);
    await deliver(ctx, tx, 'email_change', user.email, link(current.hash), current, target, user.data, newEmail);
  } else {
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'email_change_token_current'`, [user.id]);
  }
  await deliver(ctx, tx, 'email_change', newEmail, link(t.hash), t, target, user.data, newEmail);
}

/** The reauthentication mail: only the code (`{{ .Token }}`), which the user types back; it carries no link. */
export async function sendReauthentication(
  ctx: AuthContext,
  tx: Q,
  user: { email: string; data: Record<string, unknown> },
  otp: string,
): Promise<void> {
  await deliver(ctx, tx, 'reauthentication', user.email, '', { hash: '', otp }, ctx.siteUrl, user.data);
}
