// Renders the toast store with the look shared with the public pages' DOM toasts: once per signed-in page, inside the
// shell (AppShell).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $toasts, dismiss, showCarriedToast } from '../lib/stores/toast';
import { CLOSE_LABEL, TOAST_REGION_CLASS, toastLook } from '../lib/stores/toast-look';

export function Toaster() {
  const toasts = useStore($toasts).filter((t) => t.open);
  // A toast the previous page carried here (e.g. 'Projeto excluído' before going to the list).
  useEffect(showCarriedToast, []);
  return (
    <div role="region" aria-label="Notificações" className={TOAST_REGION_CLASS}>
      {toasts.map((t) => {
        const look = toastLook(t.variant);
        return (
          <div key={t.id} role={look.role} aria-live={look.live} aria-atomic="true" data-variant={t.variant} className={look.box}>
            <div className="flex-1">
              <p className={look.title}>{t.title}</p>
              {t.description && <p className={look.description}>{t.description}</p>}
              {t.action && (
                <button
                  type="button"
                  onClick={() => {
                    t.action?.onClick();
                    dismiss(t.id);
                  }}
                  className={look.action}
                >
                  {t.action.label}
                </button>
              )}
            </div>
            <button type="button" aria-label={CLOSE_LABEL} onClick={() => dismiss(t.id)} className={look.close}>
              <span aria-hidden="true">✕</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
