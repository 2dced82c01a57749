// A toast that survives one page navigation: the admin screens show 'Cliente Adicionado!' or 'Cliente excluído'
// and then go to the list, which is another page (another set of islands). Kept in sessionStorage, read once.
import { toast, type ToastInput } from './toast';

const KEY = 'portal-ia:admin-flash';

/** Stores a toast for the next page of this tab. */
export function setFlashToast(input: Omit<ToastInput, 'action'>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(input));
  } catch {
    // Storage unavailable (private mode quota): the toast is simply not carried over.
  }
}

/** Shows the stored toast, if any, and forgets it. */
export function showFlashToast(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const parsed = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof parsed.title !== 'string') return;
    toast({
      title: parsed.title,
      description: typeof parsed.description === 'string' ? parsed.description : undefined,
      variant: parsed.variant === 'destructive' ? 'destructive' : 'default',
    });
  } catch {
    // A malformed value is dropped.
  }
}

/** Shows a toast now and carries it to the next page, then navigates there. */
export function toastAndGo(input: Omit<ToastInput, 'action'>, href: string, replace = false): void {
  toast(input);
  setFlashToast(input);
  if (replace) window.location.replace(href);
  else window.location.assign(href);
}
