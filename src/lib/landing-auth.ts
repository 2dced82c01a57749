// Rules and calls of the authentication screens that the shared auth store (auth.ts) does not cover:
// form validation with SPEC §5's texts, e-mail confirmation (verifyOtp, SPEC §7/§8) and recovery detection.
import { supabase } from './supabase';
import { toast } from './toast';

/** SPEC §9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
/** SPEC §9: redirect delay after a password reset and after e-mail verification. */
export const AUTH_REDIRECT_DELAY_MS = 3000;

export const TEXTS = {
  required: 'Campo obrigatório.',
  passwordsDiffer: 'As senhas não coincidem.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',
} as const;

/** A validation failure: the toast to show and the message for each field at fault. */
export interface FormProblem<F extends string> {
  title: string;
  description: string;
  fields: Partial<Record<F, string>>;
}

const blank = (s: string) => s.trim() === '';

export function validateLogin(email: string, password: string): FormProblem<'email' | 'password'> | null {
  if (!blank(email) && password !== '') return null;
  return {
    title: 'Campos obrigatórios',
    description: 'Por favor, preencha email e senha.',
    fields: {
      ...(blank(email) ? { email: TEXTS.required } : {}),
      ...(password === '' ? { password: TEXTS.required } : {}),
    },
  };
}

export type RegisterField = 'name' | 'email' | 'password' | 'confirm';

export function validateRegister(v: Record<RegisterField, string>): FormProblem<RegisterField> | null {
  const missing = (['name', 'email', 'password', 'confirm'] as const).filter((f) => (f === 'password' || f === 'confirm' ? v[f] === '' : blank(v[f])));
  if (missing.length > 0) {
    return {
      title: 'Campos obrigatórios',
      description: 'Por favor, preencha todos os campos.',
      fields: Object.fromEntries(missing.map((f) => [f, TEXTS.required])),
    };
  }
  if (v.password !== v.confirm) {
    return { title: 'Erro de Validação', description: TEXTS.passwordsDiffer, fields: { confirm: TEXTS.passwordsDiffer } };
  }
  if (v.password.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Erro de Validação', description: TEXTS.passwordTooShort, fields: { password: TEXTS.passwordTooShort } };
  }
  return null;
}

export function validateForgot(email: string): FormProblem<'email'> | null {
  return blank(email) ? { title: 'Campo obrigatório', description: 'Por favor, preencha seu email.', fields: { email: TEXTS.required } } : null;
}

export function validateReset(password: string, confirm: string): FormProblem<'password' | 'confirm'> | null {
  if (password === '' || confirm === '') {
    return {
      title: 'Campos obrigatórios',
      description: 'Por favor, preencha a nova senha e a confirmação.',
      fields: { ...(password === '' ? { password: TEXTS.required } : {}), ...(confirm === '' ? { confirm: TEXTS.required } : {}) },
    };
  }
  if (password !== confirm) {
    return { title: 'Erro de Validação', description: TEXTS.passwordsDiffer, fields: { confirm: TEXTS.passwordsDiffer } };
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { title: 'Senha muito curta', description: TEXTS.passwordTooShort, fields: { password: TEXTS.passwordTooShort } };
  }
  return null;
}

/** The sentence shown after a reset e-mail was requested (names the address typed, DECISIONS 'Landing and auth'). */
export function resetSentText(email: string): string {
  return `Se o email ${email} estiver associado a uma conta, você receberá um link para redefinir sua senha.`;
}

// ---------------------------------------------------------------------------------------------
// E-mail confirmation (/confirm-email?token_hash=...&type=signup)

export type ConfirmType = 'signup' | 'email_change';

export type ConfirmParams = { ok: true; tokenHash: string; type: ConfirmType } | { ok: false; message: string };

/** Reads token_hash and type from the page's query (SPEC §5 'Email confirmation link'). */
export function parseConfirmParams(search: string): ConfirmParams {
  const q = new URLSearchParams(search);
  const tokenHash = q.get('token_hash')?.trim() ?? '';
  const type = q.get('type')?.trim() ?? '';
  if (!tokenHash || !type) return { ok: false, message: 'Link de confirmação inválido ou incompleto.' };
  if (type !== 'signup' && type !== 'email_change') return { ok: false, message: 'Tipo de confirmação inválido.' };
  return { ok: true, tokenHash, type };
}

export type ConfirmOutcome =
  | { status: 'success' }
  | { status: 'already-confirmed'; message: string }
  | { status: 'error'; message: string };

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Verifies the link's token (SPEC §7 POST /verify) and shows the §8 'Email verification page' toasts. */
export async function verifyEmailLink(tokenHash: string, type: ConfirmType): Promise<ConfirmOutcome> {
  try {
    const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
    if (error) {
      toast({ title: 'Falha na Verificação', description: error.message, variant: 'destructive' });
      return { status: 'error', message: `Erro ao verificar email: ${error.message}` };
    }
    if (data.session) {
      toast({ title: 'Email Verificado!', description: 'Sua conta foi ativada.' });
      return { status: 'success' };
    }
    // No session in the answer (e.g. the first leg of an e-mail change): look at the current session's user.
    const { data: current } = await supabase.auth.getSession();
    if (current.session?.user.email_confirmed_at) {
      return { status: 'already-confirmed', message: 'Seu email já foi verificado. Você será redirecionado para o login.' };
    }
    return { status: 'error', message: 'Não foi possível verificar seu email. Tente novamente ou contate o suporte.' };
  } catch (e) {
    toast({ title: 'Erro Inesperado', description: messageOf(e), variant: 'destructive' });
    return { status: 'error', message: `Erro inesperado: ${messageOf(e)}` };
  }
}

/**
 * The URL hash as the page was opened: supabase-js clears it once it has read a session from it (after a GET /user),
 * which may happen before a screen first renders. Taken when this module loads, right after supabase.ts.
 */
export const initialUrlHash: string = typeof window === 'undefined' ? '' : window.location.hash;

/**
 * A hosted project still on Supabase's default e-mail template links to `{API}/verify?...&redirect_to=/confirm-email`,
 * which comes back with the session (or the error) in the URL hash instead of token_hash/type. This reads that case:
 * null when the hash holds neither.
 */
export function confirmationFromHash(hash: string): { error: string } | { session: true } | null {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  const error = h.get('error_description') ?? h.get('error');
  if (error) return { error };
  return h.get('access_token') ? { session: true } : null;
}

/** After supabase-js has read a session from the URL hash: was the e-mail confirmed? (SPEC §8 texts.) */
export async function confirmSessionFromUrl(): Promise<ConfirmOutcome> {
  try {
    const { data, error } = await supabase.auth.getSession();
    if (error) {
      toast({ title: 'Falha na Verificação', description: error.message, variant: 'destructive' });
      return { status: 'error', message: `Erro ao verificar email: ${error.message}` };
    }
    if (data.session?.user.email_confirmed_at) {
      toast({ title: 'Email Verificado!', description: 'Sua conta foi ativada.' });
      return { status: 'success' };
    }
    return { status: 'error', message: 'Não foi possível verificar seu email. Tente novamente ou contate o suporte.' };
  } catch (e) {
    toast({ title: 'Erro Inesperado', description: messageOf(e), variant: 'destructive' });
    return { status: 'error', message: `Erro inesperado: ${messageOf(e)}` };
  }
}

// ---------------------------------------------------------------------------------------------
// Password recovery (/reset-password#access_token=...&type=recovery, SPEC §4 PASSWORD_RECOVERY)

const RECOVERY_KEY = 'portal-ia:password-recovery';

/**
 * Whether this page was opened from a recovery link. Read when this module loads, before supabase-js
 * has finished reading and clearing the URL hash (it awaits a GET /user first).
 */
export const openedFromRecoveryLink: boolean = /(?:^#|&)type=recovery(?:&|$)/.test(initialUrlHash) && /(?:^#|&)access_token=/.test(initialUrlHash);

/** The error a recovery link came back with (expired or used link), if any. */
export const recoveryLinkError: string | null = /(?:^#|&)error(?:_code|_description)?=/.test(initialUrlHash)
  ? (new URLSearchParams(initialUrlHash.slice(1)).get('error_description') ?? 'access_denied')
  : null;

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

/** Calls back when supabase-js reports PASSWORD_RECOVERY; returns the unsubscribe function. */
export function onPasswordRecovery(cb: (userId: string) => void): () => void {
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    if (event === 'PASSWORD_RECOVERY' && session?.user) cb(session.user.id);
  });
  return () => data.subscription.unsubscribe();
}

// ---------------------------------------------------------------------------------------------
// Toasts that must survive the navigation that follows them (login → /dashboard).

export const FLASH_TOAST_KEY = 'portal-ia:flash-toast';

/** Stores the toast the auth action just showed, for the next page of this tab, then navigates there. */
export function goWithToast(href: string, title: string, description?: string): void {
  try {
    sessionStorage.setItem(FLASH_TOAST_KEY, JSON.stringify({ title, description }));
  } catch {
    /* storage unavailable: the next page simply shows no toast */
  }
  window.location.assign(href);
}

/** Shows (once) a toast stored by the previous page of this tab. */
export function showCarriedToast(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_TOAST_KEY);
    sessionStorage.removeItem(FLASH_TOAST_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const v = JSON.parse(raw) as { title?: unknown; description?: unknown };
    if (typeof v.title === 'string') toast({ title: v.title, description: typeof v.description === 'string' ? v.description : undefined });
  } catch {
    /* malformed: dropped */
  }
}
