// The small DOM helpers the authentication pages' scripts share (no React): field errors tied by aria-describedby, a
// problem reported by toast and focus, busy buttons without double submit, the page's views. No Supabase here: the
// pages import src/lib/stores/account-actions.ts with import() when the user acts.
import { storedSessionHome } from './session-hint';
import { toast } from '../stores/toast';
import { errorText } from '../domain/error-texts';
import type { FormProblem } from './auth-validation';

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
