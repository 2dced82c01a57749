// A toast carried to the next page of this tab (the detail screen says 'Projeto excluído' or
// 'Projeto não encontrado' and then goes to /projects, another page with its own islands).
import { toast, type ToastInput } from '../../lib/toast';

const KEY = 'portal-ia:projects-flash';

type FlashInput = Pick<ToastInput, 'title' | 'description' | 'variant'>;

/** Shows `input` now, stores it for the next page, and goes to `href` (replacing this history entry). */
export function toastAndGo(input: FlashInput, href: string): void {
  toast(input);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(input));
  } catch {
    // Storage unavailable: the toast is simply not carried over.
  }
  window.location.replace(href);
}

/** Shows the toast stored by the previous page, once. */
export function showFlash(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const v = JSON.parse(raw) as Partial<FlashInput>;
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
