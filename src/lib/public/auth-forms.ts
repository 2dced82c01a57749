// The authentication screens without React: their validation with its texts, and the small DOM helpers
// their page scripts share (field errors tied by aria-describedby, busy buttons without double submit). No Supabase here: the pages import src/lib/stores/account-actions.ts with import() when the user acts.
import { storedSessionHome } from './session-hint';
import { toast } from '../stores/toast';
import { errorText } from '../domain/error-texts';
import { isPlainEmail } from '../domain/email';
import { FULL_NAME_MAX, PASSWORD_MIN, PROFILE_TEXTS } from '../domain/profile-rules';

/** Redirect delay after a password reset and after e-mail verification. */
export const AUTH_REDIRECT_DELAY_MS = 3000;

export const TEXTS = {
  required: 'Campo obrigatório.',
  passwordsDiffer: PROFILE_TEXTS.passwordsDiffer,
  passwordTooShort: PROFILE_TEXTS.passwordTooShort,
  nameTooLong: PROFILE_TEXTS.nameTooLong,
  emailInvalid: 'Informe um e-mail válido.',
} as const;

/** A validation failure: the toast to show and the message for each field at fault. */
export interface FormProblem<F extends string> {
  title: string;
  description: string;
  fields: Partial<Record<F, string>>;
}

const blank = (s: string) => s.trim() === '';

/** An address typed but not of the shape an account can have (the forms' one rule, src/lib/domain/email.ts). */
function invalidEmail(email: string): FormProblem<'email'> | null {
  return isPlainEmail(email.trim())
    ? null
    : { title: 'E-mail inválido', description: TEXTS.emailInvalid, fields: { email: TEXTS.emailInvalid } };
}

export function validateLogin(email: string, password: string): FormProblem<'email' | 'password'> | null {
  if (blank(email) || password === '') {
    return {
      title: 'Campos obrigatórios',
      description: 'Por favor, preencha email e senha.',
      fields: {
        ...(blank(email) ? { email: TEXTS.required } : {}),
        ...(password === '' ? { password: TEXTS.required } : {}),
      },
    };
  }
  return invalidEmail(email);
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
  if ([...v.name.trim()].length > FULL_NAME_MAX) {
    return { title: 'Erro de Validação', description: TEXTS.nameTooLong, fields: { name: TEXTS.nameTooLong } };
  }
  const badEmail = invalidEmail(v.email);
  if (badEmail) return badEmail;
  if (v.password !== v.confirm) {
    return { title: 'Erro de Validação', description: TEXTS.passwordsDiffer, fields: { confirm: TEXTS.passwordsDiffer } };
  }
  if (v.password.length < PASSWORD_MIN) {
    return { title: 'Erro de Validação', description: TEXTS.passwordTooShort, fields: { password: TEXTS.passwordTooShort } };
  }
  return null;
}

export function validateForgot(email: string): FormProblem<'email'> | null {
  if (blank(email)) return { title: 'Campo obrigatório', description: 'Por favor, preencha seu email.', fields: { email: TEXTS.required } };
  return invalidEmail(email);
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
  if (password.length < PASSWORD_MIN) {
    return { title: 'Senha muito curta', description: TEXTS.passwordTooShort, fields: { password: TEXTS.passwordTooShort } };
  }
  return null;
}

/** The sentence shown after a reset e-mail was requested (names the address typed). */
export function resetSentText(email: string): string {
  return `Se o email ${email} estiver associado a uma conta, você receberá um link para redefinir sua senha.`;
}

// ---------------------------------------------------------------------------------------------
// DOM helpers

/** The control named `name` in `form`. */
export function control(form: HTMLFormElement, name: string): HTMLInputElement {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement)) throw new Error(`campo ${name} ausente`);
  return input;
}

/** Shows one field's error (or clears it): aria-invalid, a message tied by aria-describedby after the field's hint. */
export function setFieldError(input: HTMLInputElement, message: string | undefined): void {
  const errorId = `${input.id}-error`;
  const hintId = `${input.id}-hint`;
  document.getElementById(errorId)?.remove();
  if (message) {
    const p = document.createElement('p');
    p.id = errorId;
    p.setAttribute('role', 'alert');
    p.className = 'text-sm text-red-600';
    p.textContent = message;
    (document.getElementById(hintId) ?? input).after(p);
    input.setAttribute('aria-invalid', 'true');
  } else {
    input.removeAttribute('aria-invalid');
  }
  const describedBy = [document.getElementById(hintId) ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');
  if (describedBy) input.setAttribute('aria-describedby', describedBy);
  else input.removeAttribute('aria-describedby');
}

/** Sets the errors of all `order` fields of `form` (clearing the others) and focuses the first field at fault. */
export function showFieldErrors<F extends string>(form: HTMLFormElement, order: readonly F[], errors: Partial<Record<F, string>>): void {
  for (const f of order) setFieldError(control(form, f), errors[f]);
  const first = order.find((f) => errors[f]);
  if (first) control(form, first).focus();
}

/** Shows a validation problem: field messages, the destructive toast, focus on the first field at fault. */
export function reportProblem<F extends string>(form: HTMLFormElement, order: readonly F[], problem: FormProblem<F>): void {
  showFieldErrors(form, order, problem.fields);
  toast({ title: problem.title, description: problem.description, variant: 'destructive' });
}

export interface Guard {
  /** Runs `task` unless one is already running; the button is disabled and shows its busy label meanwhile. */
  run<T>(task: () => Promise<T>): Promise<T | undefined>;
  /** A task that navigates away keeps the button busy until the page unloads. */
  keepBusy(): void;
}

/**
 * One submission at a time for a button prerendered with `[data-label]` and a hidden `[data-spinner]` inside it:
 * the flag flips synchronously, so a double click or a second Enter cannot start a second call.
 */
export function submitGuard(button: HTMLButtonElement, busyLabel: string): Guard {
  const label = button.querySelector<HTMLElement>('[data-label]') ?? button;
  const spinner = button.querySelector<HTMLElement>('[data-spinner]');
  const idleLabel = label.textContent ?? '';
  let running = false;
  let kept = false;
  const setBusy = (busy: boolean) => {
    button.disabled = busy;
    if (busy) button.setAttribute('aria-busy', 'true');
    else button.removeAttribute('aria-busy');
    if (spinner) spinner.hidden = !busy;
    label.textContent = busy ? busyLabel : idleLabel;
  };
  return {
    async run(task) {
      if (running) return undefined;
      running = true;
      kept = false;
      setBusy(true);
      try {
        return await task();
      } catch (e) {
        if (e instanceof ReportedError) return undefined;
        throw e;
      } finally {
        if (!kept) {
          running = false;
          setBusy(false);
        }
      }
    },
    keepBusy() {
      kept = true;
    },
  };
}

/** Shows one of the page's prerendered views (`[data-view="name"]`) and hides the others; focuses its heading. */
export function showView(name: string, focusHeading = true): HTMLElement {
  let shown: HTMLElement | null = null;
  for (const view of document.querySelectorAll<HTMLElement>('[data-view]')) {
    view.hidden = view.dataset.view !== name;
    if (!view.hidden) shown = view;
    // Only the card on screen is named by its heading (see src/components/auth/AuthCard.astro).
    for (const card of view.querySelectorAll<HTMLElement>('[data-labelledby]')) {
      if (view.hidden) card.removeAttribute('aria-labelledby');
      else card.setAttribute('aria-labelledby', card.dataset.labelledby!);
    }
  }
  if (!shown) throw new Error(`tela ${name} ausente`);
  const heading = shown.querySelector<HTMLElement>('h1');
  if (focusHeading && heading) heading.focus();
  return shown;
}

/** /login and /register send a visitor who already has a session to /dashboard; true when leaving. */
/**
 * The auth store and the auth client, fetched when the visitor starts typing in `form` (so the submit finds them
 * ready), or at the latest when the returned loader is called (on submit): pages stay light until the visitor acts.
 */
export function authLoader(form: HTMLFormElement, failureTitle: string): () => Promise<typeof import('../stores/account-actions')> {
  const load = () => import('../stores/account-actions');
  form.addEventListener('input', () => void load().then((auth) => auth.prepareAuthClient()).catch(() => undefined), { once: true });
  // The store could not be fetched (offline, server gone): said in Portuguese, and the form stays as typed.
  return () =>
    load().catch((e: unknown) => {
      const { message, name } = (e ?? {}) as { message?: string; name?: string };
      toast({ title: failureTitle, description: errorText({ message, name }), variant: 'destructive' });
      throw new ReportedError(message ?? '');
    });
}

/** A failure already shown to the visitor: the form's guard ends the attempt quietly. */
export class ReportedError extends Error {}

/** A signed-in visitor of /login or /register goes to their landing page (the console for an admin). */
export function leaveIfSignedIn(): boolean {
  const home = storedSessionHome();
  if (!home) return false;
  showView('loading', false);
  window.location.replace(home);
  return true;
}

// ---------------------------------------------------------------------------------------------
// E-mail confirmation (/confirm-email?token_hash=...&type=signup) and password recovery (/reset-password#...)

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
