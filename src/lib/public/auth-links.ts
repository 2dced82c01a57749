// The links the authentication e-mails lead to: e-mail confirmation (/confirm-email?token_hash=...&type=signup) and
// password recovery (/reset-password#...), their errors in pt-BR, and the recovery this tab is in the middle of.
import { errorText } from '../domain/error-texts';

/** Redirect delay after a password reset and after e-mail verification. */
export const AUTH_REDIRECT_DELAY_MS = 3000;

export type ConfirmType = 'signup' | 'email_change';

export type ConfirmParams = { ok: true; tokenHash: string; type: ConfirmType; key: string } | { ok: false; message: string };

/** Reads token_hash, type and the link's key (empty when the link has none) from the page's query. */
export function parseConfirmParams(search: string): ConfirmParams {
  const q = new URLSearchParams(search);
  const tokenHash = q.get('token_hash')?.trim() ?? '';
  const type = q.get('type')?.trim() ?? '';
  if (!tokenHash || !type) return { ok: false, message: 'Link de confirmação inválido ou incompleto.' };
  if (type !== 'signup' && type !== 'email_change') return { ok: false, message: 'Tipo de confirmação inválido.' };
  return { ok: true, tokenHash, type, key: q.get('key')?.trim() ?? '' };
}

/**
 * A hosted project still on Supabase's default e-mail template links to `{API}/verify?...&redirect_to=/confirm-email`,
 * which comes back with the session (or the error) in the URL hash: null when the hash holds neither.
 */
export function confirmationFromHash(hash: string): { error: string } | { session: true } | null {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const error = h.get('error_description') ?? h.get('error');
  if (error) return { error: linkErrorText(h.get('error_code'), error) };
  return h.get('access_token') ? { session: true } : null;
}

/** The pt-BR text of an error GoTrue put in a link's hash (`error_code` is a code, or an HTTP status on older servers). */
function linkErrorText(code: string | null, description: string): string {
  const status = code && /^\d+$/.test(code) ? Number(code) : null;
  return errorText({ code: status ? null : code, message: description, status }, 'O link é inválido ou expirou. Peça um novo e-mail.');
}

/** Whether the URL hash is a recovery link's session (`type=recovery` with an access token). */
export function isRecoveryHash(hash: string): boolean {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  return h.get('type') === 'recovery' && Boolean(h.get('access_token'));
}

/** The error a recovery link came back with (expired or used link), if any. */
export function recoveryLinkError(hash: string): string | null {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  if (!h.has('error') && !h.has('error_code') && !h.has('error_description')) return null;
  return h.get('error_description') ?? 'access_denied';
}

const RECOVERY_KEY = 'portal-ia:password-recovery';

/** Remembers (for this tab) that the stored session came from a recovery link, so a reload keeps the form. */
export function rememberRecovery(userId: string): void {
  try {
    sessionStorage.setItem(RECOVERY_KEY, userId);
  } catch {
    /* storage unavailable: a reload will ask for a new link */
  }
}

export function isRememberedRecovery(userId: string): boolean {
  try {
    return sessionStorage.getItem(RECOVERY_KEY) === userId;
  } catch {
    return false;
  }
}

export function forgetRecovery(): void {
  try {
    sessionStorage.removeItem(RECOVERY_KEY);
  } catch {
    /* nothing to forget */
  }
}
