// Renders the toast store (one island per layout). Errors are announced assertively, the rest politely.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $toasts, dismiss, showCarriedToast } from '../lib/toast';
import { cn } from './ui/cn';

export default function Toaster() {
  const toasts = useStore($toasts).filter((t) => t.open);
  // A toast the previous page carried here (e.g. 'Projeto excluído' before going to the list).
  useEffect(showCarriedToast, []);
  return (
    <div
      role="region"
      aria-label="Notificações"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:bottom-4 sm:left-auto sm:right-4 sm:items-end"
    >
      {toasts.map((t) => {
        const destructive = t.variant === 'destructive';
        return (
          <div
            key={t.id}
            role={destructive ? 'alert' : 'status'}
            aria-live={destructive ? 'assertive' : 'polite'}
            aria-atomic="true"
            data-variant={t.variant}
            className={cn(
              'pointer-events-auto relative flex w-full max-w-sm items-start gap-3 rounded-md border p-4 pr-10 shadow-lg',
              destructive ? 'border-red-700 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
            )}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{t.title}</p>
              {t.description && (
                <p className={cn('mt-1 text-sm', destructive ? 'text-red-50' : 'text-slate-600')}>{t.description}</p>
              )}
              {t.action && (
                <button
                  type="button"
                  onClick={() => {
                    t.action?.onClick();
                    dismiss(t.id);
                  }}
                  className={cn(
                    'mt-3 inline-flex h-8 items-center rounded-md border px-3 text-sm font-medium',
                    destructive ? 'border-white/60 hover:bg-red-700' : 'border-slate-300 hover:bg-slate-100',
                  )}
                >
                  {t.action.label}
                </button>
              )}
            </div>
            <button
              type="button"
              aria-label="Fechar notificação"
              onClick={() => dismiss(t.id)}
              className={cn(
                'absolute right-2 top-2 rounded p-1 text-sm leading-none',
                destructive ? 'text-white/80 hover:text-white' : 'text-slate-500 hover:text-slate-900',
              )}
            >
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
