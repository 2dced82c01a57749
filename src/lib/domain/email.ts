// The plain e-mail shape the database accepts, the pattern of its check constraint clients_email_plain_check: forms
// refuse exactly what the database would refuse, and only such an address becomes a mailto: link. Its own module so
// the shell (the agency's contact link) does not load the clients' rules.
const PLAIN_EMAIL = /^[a-z0-9._+'-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i;

export function isPlainEmail(value: string): boolean {
  return value.length <= 254 && PLAIN_EMAIL.test(value);
}

/** A mailto: link only for a plain e-mail address (no scheme, no `?`, no spaces); otherwise null. */
export function mailtoHref(email: string | null | undefined): string | null {
  const value = (email ?? '').trim();
  return isPlainEmail(value) ? `mailto:${value}` : null;
}
