// The toast store shared by every island: at most one toast on screen,
// auto-dismissed after its duration, removed from the list long after it was closed.
import { atom } from 'nanostores';

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = 5000;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; `Infinity` keeps it until closed. */
  duration?: number;
  action?: ToastAction;
}

export interface ToastItem extends ToastInput {
  id: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export const $toasts = atom<ToastItem[]>([]);

let counter = 0;
const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function clearTimer(map: Map<string, ReturnType<typeof setTimeout>>, id: string): void {
  const t = map.get(id);
  if (t !== undefined) clearTimeout(t);
  map.delete(id);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

/** Shows a toast; the newest replaces the one on screen (limit 1). Returns its id. */
export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const item: ToastItem = {
    ...input,
    id,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION,
    open: true,
  };
  const kept = [item, ...$toasts.get()].slice(0, TOAST_LIMIT);
  for (const old of $toasts.get()) {
    if (!kept.includes(old)) {
      clearTimer(dismissTimers, old.id);
      clearTimer(removeTimers, old.id);
    }
  }
  $toasts.set(kept);
  if (Number.isFinite(item.duration)) {
    dismissTimers.set(id, setTimeout(() => dismiss(id), item.duration));
  }
  return id;
}

/** Closes one toast (or all); it stays in the list, closed, until the removal delay has passed. */
export function dismiss(id?: string): void {
  const targets = $toasts.get().filter((t) => id === undefined || t.id === id);
  if (targets.length === 0) return;
  for (const t of targets) {
    clearTimer(dismissTimers, t.id);
    scheduleRemoval(t.id);
  }
  $toasts.set($toasts.get().map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

// A toast that outlives one navigation: a screen says 'Projeto excluído' or 'Cliente Adicionado!' and goes to another
// page (other islands, a fresh store). Kept in sessionStorage for this tab and shown once by the next page's toaster.
const CARRIED_KEY = 'portal-ia:carried-toast';

type CarriedToast = Pick<ToastInput, 'title' | 'description' | 'variant'>;

/** Set once this page has started going elsewhere: a carried toast is then for the next page, not this one. */
let leaving = false;

/** Keeps a toast for the next page of this tab. */
export function carryToast(input: CarriedToast): void {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ title: input.title, description: input.description, variant: input.variant }));
  } catch {
    // Storage unavailable (private mode, quota): the toast is simply not carried over.
  }
}

/** Shows the toast a previous page carried here, once. Every toaster calls it when it mounts. */
export function showCarriedToast(): void {
  // A toaster that mounts after its page has already asked to navigate (a screen can decide faster than the toaster
  // hydrates) leaves the toast to the page being opened.
  if (leaving) return;
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const v = JSON.parse(raw) as Partial<CarriedToast>;
    if (typeof v.title !== 'string') return;
    toast({
      title: v.title,
      description: typeof v.description === 'string' ? v.description : undefined,
      variant: v.variant === 'destructive' ? 'destructive' : 'default',
    });
  } catch {
    // A malformed value is dropped.
  }
}

/** Shows a toast now, carries it to `href` and goes there (`replace` leaves no history entry behind). */
export function toastAndGo(input: CarriedToast, href: string, { replace = false }: { replace?: boolean } = {}): void {
  toast(input);
  carryToast(input);
  leaving = true;
  if (replace) window.location.replace(href);
  else window.location.assign(href);
}

/** Goes to `href` (replacing this history entry), carrying the toast on screen, e.g. 'Logout realizado'. */
export function goKeepingToast(href: string): void {
  const shown = $toasts.get().find((t) => t.open);
  if (shown) carryToast(shown);
  leaving = true;
  window.location.replace(href);
}
