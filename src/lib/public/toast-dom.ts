// Renders the toast store ($toasts, src/lib/stores/toast.ts) into a prerendered region without React: the pages that
// must stay tiny (authentication screens, the landing page) use this instead of the React Toaster, with the same look
// (src/lib/stores/toast-look.ts).
import { $toasts, dismiss, showCarriedToast, type ToastItem } from '../stores/toast';
import { CLOSE_LABEL, TOAST_REGION_CLASS, toastLook } from '../stores/toast-look';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderToast(t: ToastItem): HTMLElement {
  const look = toastLook(t.variant);
  const box = el('div', look.box);
  box.setAttribute('role', look.role);
  box.setAttribute('aria-live', look.live);
  box.setAttribute('aria-atomic', 'true');
  box.dataset.variant = t.variant;
  box.dataset.toastId = t.id;

  const body = el('div', 'flex-1');
  body.append(el('p', look.title, t.title));
  if (t.description) body.append(el('p', look.description, t.description));
  if (t.action) {
    const action = t.action;
    const button = el('button', look.action, action.label);
    button.type = 'button';
    button.addEventListener('click', () => {
      action.onClick();
      dismiss(t.id);
    });
    body.append(button);
  }
  box.append(body);

  const close = el('button', look.close);
  close.type = 'button';
  close.setAttribute('aria-label', CLOSE_LABEL);
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

/** A toast region added to a page that has none (the landing page, when the visitor signs out), filled from the store. */
export function addToastRegion(): void {
  if (document.querySelector('[data-toast-region], [aria-label="Notificações"]')) return;
  const region = el('section', TOAST_REGION_CLASS);
  region.dataset.toastRegion = '';
  region.setAttribute('aria-label', 'Notificações');
  document.body.append(region);
  mountToastRegion(region);
}
