// How a toast looks, shared by the two renderers of the toast store: the React Toaster of the signed-in screens and
// the DOM region of the public pages. Errors (destructive) are red and announced assertively (role alert), the rest
// white and polite (role status). The error red (red-700) keeps white and red-50 text above 4.5:1.
import type { ToastItem } from './toast';

export const TOAST_REGION_CLASS =
  'pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:bottom-4 sm:left-auto sm:right-4 sm:items-end';

/** Roles and classes of one toast's parts. */
export function toastLook(variant: ToastItem['variant']) {
  const destructive = variant === 'destructive';
  return {
    role: destructive ? 'alert' : 'status',
    live: destructive ? 'assertive' : 'polite',
    box: `pointer-events-auto relative flex w-full max-w-sm items-start gap-3 rounded-md border p-4 pr-10 shadow-lg ${destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'}`,
    title: 'text-sm font-semibold',
    description: `mt-1 text-sm ${destructive ? 'text-red-50' : 'text-slate-600'}`,
    action: `mt-3 inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium ${destructive ? 'border-white/70 hover:bg-red-800' : 'border-slate-300 hover:bg-slate-100'}`,
    close: `absolute right-2 top-2 rounded p-1 text-sm leading-none ${destructive ? 'text-white hover:bg-red-800' : 'text-slate-500 hover:text-slate-900'}`,
  } as const;
}

export const CLOSE_LABEL = 'Fechar notificação';
