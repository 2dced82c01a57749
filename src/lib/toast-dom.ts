// Renders the toast store ($toasts, src/lib/toast.ts) into a prerendered region without React: the pages that must stay
// tiny (authentication screens) use this instead of the Toaster island. Same markup, classes and roles as
// src/components/Toaster.tsx: errors are announced assertively (role alert), the rest politely (role status).
import { $toasts, dismiss, showCarriedToast, type ToastItem } from './toast';

const BASE = 'pointer-events-auto relative flex w-full max-w-sm items-start gap-3 rounded-md border p-4 pr-10 shadow-lg';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderToast(t: ToastItem): HTMLElement {
  const destructive = t.variant === 'destructive';
  const box = el('div', `${BASE} ${destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900'}`);
  box.setAttribute('role', destructive ? 'alert' : 'status');
  box.setAttribute('aria-live', destructive ? 'assertive' : 'polite');
  box.setAttribute('aria-atomic', 'true');
  box.dataset.variant = t.variant;
  box.dataset.toastId = t.id;

  const body = el('div', 'flex-1');
  body.append(el('p', 'text-sm font-semibold', t.title));
  if (t.description) body.append(el('p', `mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-600'}`, t.description));
  if (t.action) {
    const action = t.action;
    const button = el(
      'button',
      `mt-3 inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium ${destructive ? 'border-white/60 hover:bg-red-700' : 'border-slate-300 hover:bg-slate-100'}`,
      action.label,
    );
    button.type = 'button';
    button.addEventListener('click', () => {
      action.onClick();
      dismiss(t.id);
    });
    body.append(button);
  }
  box.append(body);

  const close = el(
    'button',
    `absolute right-2 top-2 rounded p-1 text-sm leading-none ${destructive ? 'text-white/80 hover:text-white' : 'text-slate-500 hover:text-slate-900'}`,
  );
  close.type = 'button';
  close.setAttribute('aria-label', 'Fechar notificação');
  const mark = el('span', '', '✕');
  mark.setAttribute('aria-hidden', 'true');
  close.append(mark);
  close.addEventListener('click', () => dismiss(t.id));
  box.append(close);
  return box;
}

/**
 * Keeps `region` in step with the store: open toasts are shown, closed ones removed. A toast already on screen is
 * kept as is (not re-created), so a screen reader does not announce it twice. Returns the unsubscribe function.
 */
export function mountToastRegion(region: HTMLElement): () => void {
  const unsubscribe = $toasts.subscribe((toasts) => {
    const open = toasts.filter((t) => t.open);
    const wanted = new Set(open.map((t) => t.id));
    for (const child of [...region.children] as HTMLElement[]) {
      if (!wanted.has(child.dataset.toastId ?? '')) child.remove();
    }
    open.forEach((t, i) => {
      const existing = region.querySelector<HTMLElement>(`[data-toast-id="${t.id}"]`);
      const node = existing ?? renderToast(t);
      if (region.children[i] !== node) region.insertBefore(node, region.children[i] ?? null);
    });
  });
  // A toast the previous page carried here (e.g. 'Logout realizado' before going to /login).
  showCarriedToast();
  return unsubscribe;
}
