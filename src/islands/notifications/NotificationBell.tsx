// The bell: the unread count in its accessible name, a panel with the latest notifications (newest first, pt-BR
// relative time), a click marks one read and opens its link, 'Marcar todas como lidas', and 'Preferências' with the
// e-mail switch. The list updates live (lib/stores/notifications).
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import * as Popover from '@radix-ui/react-popover';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Bell from 'lucide-react/icons/bell';
import CheckCheck from 'lucide-react/icons/check-check';
import Settings2 from 'lucide-react/icons/settings-2';
import { $notifications, markAllRead, markRead, reloadNotifications, startNotifications } from '../../lib/stores/notifications';
import { getEmailNotifications, setEmailNotifications, type Notification } from '../../lib/data/notifications';
import { bellCount, bellLabel, relativeTime } from '../../lib/domain/notification-rules';
import { errorMessage } from '../../lib/util/error-message';
import { toast } from '../../lib/stores/toast';
import { cn } from '../../components/ui/cn';

function NotificationItem({ item, now, onOpen }: { item: Notification; now: Date; onOpen: (e: MouseEvent<HTMLAnchorElement>, item: Notification) => void }) {
  const unread = !item.read_at;
  return (
    <li>
      <a
        href={item.link}
        onClick={(e) => onOpen(e, item)}
        data-testid="notification-item"
        className={cn(
          'flex gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600',
          unread && 'bg-brand-50/60',
        )}
      >
        <span aria-hidden="true" className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')} />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm text-slate-900', unread ? 'font-semibold' : 'font-medium')}>
            {unread && <span className="sr-only">Não lida: </span>}
            {item.title}
          </span>
          {item.body && <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{item.body}</span>}
          <time dateTime={item.created_at} className="mt-1 block text-xs text-slate-600">
            {relativeTime(item.created_at, now)}
          </time>
        </span>
      </a>
    </li>
  );
}

function Preferences({ onBack }: { onBack: () => void }) {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getEmailNotifications().then(
      (v) => live && setEnabled(v),
      (e: unknown) => live && setError(errorMessage(e, 'Não foi possível carregar as preferências.')),
    );
    return () => {
      live = false;
    };
  }, []);
  const toggle = async () => {
    if (enabled === null || saving) return;
    const next = !enabled;
    setEnabled(next);
    setSaving(true);
    setError(null);
    try {
      setEnabled(await setEmailNotifications(next));
    } catch (e) {
      setEnabled(!next);
      setError(errorMessage(e, 'Não foi possível salvar a preferência.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="p-4">
      <button
        type="button"
        onClick={onBack}
        className="mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Voltar às notificações
      </button>
      <h3 className="text-sm font-semibold text-slate-900">Preferências</h3>
      <div className="mt-3 flex items-center justify-between gap-4">
        <span id="notify-email-label" className="text-sm text-slate-700">
          Receber notificações por e-mail
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={enabled ?? true}
          aria-labelledby="notify-email-label"
          aria-describedby="notify-email-help"
          disabled={enabled === null || saving}
          onClick={() => void toggle()}
          data-testid="email-switch"
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60',
            enabled === false ? 'bg-slate-300' : 'bg-brand-600',
          )}
        >
          <span
            aria-hidden="true"
            className={cn('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', enabled === false ? 'translate-x-0.5' : 'translate-x-5')}
          />
        </button>
      </div>
      <p id="notify-email-help" className="mt-2 text-xs text-slate-600">
        Enviamos no máximo um e-mail a cada 5 minutos, reunindo o que aconteceu nesse intervalo.
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export default function NotificationBell({ dark = false }: { dark?: boolean }) {
  const state = useStore($notifications);
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'list' | 'preferences'>('list');
  const [now, setNow] = useState(() => new Date());
  useEffect(() => startNotifications(), []);
  // The e-mails' preferences link (…#notificacoes) opens the panel at 'Preferências' (the bell on screen does).
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (window.location.hash !== '#notificacoes' || !trigger.current?.offsetParent) return;
    setView('preferences');
    setOpen(true);
  }, []);
  useEffect(() => {
    if (!open) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [open]);

  const openItem = (e: MouseEvent<HTMLAnchorElement>, item: Notification) => {
    const newTab = e.metaKey || e.ctrlKey || e.shiftKey || e.button === 1;
    if (newTab) {
      void markRead(item.id).catch(() => {});
      return;
    }
    e.preventDefault();
    // The page changes either way: a failed mark only leaves it unread for next time.
    void markRead(item.id)
      .catch(() => {})
      .finally(() => window.location.assign(item.link));
  };

  const readAll = () => {
    markAllRead().catch((e: unknown) => toast({ title: errorMessage(e, 'Não foi possível marcar as notificações como lidas.'), variant: 'destructive' }));
  };

  const count = bellCount(state.unread);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setView('list');
      }}
    >
      <Popover.Trigger
        ref={trigger}
        aria-label={bellLabel(state.unread)}
        data-testid="notification-bell"
        className={cn(
          'relative ml-auto flex h-10 w-10 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2',
          dark ? 'text-slate-200 hover:bg-slate-700 focus-visible:ring-white' : 'text-slate-600 hover:bg-slate-200 focus-visible:ring-brand-600',
        )}
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {count && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -right-0.5 -top-0.5 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
          >
            {count}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notificações"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 shadow-lg"
        >
          {view === 'preferences' ? (
            <Preferences onBack={() => setView('list')} />
          ) : (
            <>
              <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
                <h2 className="text-sm font-semibold">Notificações</h2>
                <button
                  type="button"
                  onClick={readAll}
                  disabled={state.unread === 0}
                  className="inline-flex items-center gap-1 rounded text-xs font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:cursor-default disabled:text-slate-500 disabled:no-underline"
                >
                  <CheckCheck className="h-4 w-4" aria-hidden="true" />
                  Marcar todas como lidas
                </button>
              </div>
              <div className="max-h-[min(24rem,60vh)] overflow-y-auto">
                {state.status === 'error' ? (
                  <div className="px-4 py-6 text-center text-sm text-slate-700" role="alert">
                    <p>{state.error}</p>
                    <button type="button" onClick={() => void reloadNotifications()} className="mt-2 font-medium text-brand-700 hover:underline">
                      Tentar novamente
                    </button>
                  </div>
                ) : state.status !== 'ready' ? (
                  <p className="px-4 py-6 text-center text-sm text-slate-600" role="status">
                    Carregando notificações…
                  </p>
                ) : state.rows.length === 0 ? (
                  <p className="px-4 py-6 text-center text-sm text-slate-600">Nenhuma notificação por enquanto.</p>
                ) : (
                  <ul className="divide-y divide-slate-100" aria-label="Últimas notificações">
                    {state.rows.map((item) => (
                      <NotificationItem key={item.id} item={item} now={now} onOpen={openItem} />
                    ))}
                  </ul>
                )}
              </div>
              <div className="border-t border-slate-200 px-4 py-2">
                <button
                  type="button"
                  onClick={() => setView('preferences')}
                  className="inline-flex items-center gap-2 rounded py-1 text-sm font-medium text-slate-700 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <Settings2 className="h-4 w-4" aria-hidden="true" />
                  Preferências
                </button>
              </div>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
