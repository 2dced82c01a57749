// The one e-mail address check of every form (sign-in, sign-up, password reset, clients, settings): a plain address,
// the pattern of the database's check constraint clients_email_plain_check, whose domain labels also keep to 63
// characters as DNS and the auth server require. It is never looser than the auth server (GoTrue refuses, among
// others, an empty label as in `nome@exemplo..com`), so the forms refuse an address before the server would. Only such
// an address becomes a mailto: link. Its own module so the shell (the agency's contact link) and the public pages do
// not load the clients' rules.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PLAIN_EMAIL = new RegExp(`^[a-z0-9._+'-]+@${LABEL}(?:\\.${LABEL})+$`, 'i');

/** Longest address accepted (the database's and the auth server's limit is higher). */
export const EMAIL_MAX_LENGTH = 254;

export function isPlainEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && PLAIN_EMAIL.test(value);
}

/** A mailto: link only for a plain e-mail address (no scheme, no `?`, no spaces); otherwise null. */
export function mailtoHref(email: string | null | undefined): string | null {
  const value = (email ?? '').trim();
  return isPlainEmail(value) ? `mailto:${value}` : null;
}
