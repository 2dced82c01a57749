// The frame of the signed-in areas: a w-72 sidebar on wide screens; on narrow ones a top bar
// with the notification bell and a menu button that opens the same sidebar as a drawer. The page's content is revealed by the guard. The toasts of
// the signed-in areas are drawn here too, so a screen's page hydrates one island (the shell) around its own.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $appSettings, loadAppSettings } from '../../lib/stores/app-settings';
import { cn } from '../ui/cn';
import { GuardSpinner, useRouteGuard } from '../RouteGuard';
import { Toaster } from '../Toaster';
import { Logo } from './Logo';

export interface NavItem {
  href: string;
  label: string;
  icon: ReactNode;
  /** A count (or a short text, such as an amount) shown after the label (hidden when 0, empty or unknown), with its meaning for screen readers. */
  badge?: { count: number | string | null; label: string };
}

/** A link is active when the path is its route or below it. */
export function isActive(pathname: string, href: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === href || path.startsWith(`${href}/`);
}

export function NavLinks({ items, pathname, dark = false }: { items: NavItem[]; pathname: string; dark?: boolean }) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const active = isActive(pathname, item.href);
        return (
          <li key={item.href}>
            <a
              href={item.href}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                dark
                  ? active
                    ? 'bg-brand-600 text-white'
                    : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                  : active
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <span aria-hidden="true" className="h-5 w-5 shrink-0">
                {item.icon}
              </span>
              {item.label}
              {item.badge && item.badge.count ? (
                <span
                  data-testid="nav-badge"
                  className={cn(
                    'ml-auto rounded-full px-2 py-0.5 text-xs font-semibold',
                    dark ? 'bg-red-500 text-white' : 'bg-brand-600 text-white',
                  )}
                >
                  {item.badge.count}
                  <span className="sr-only"> {item.badge.label}</span>
                </span>
              ) : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

interface AppShellProps {
  /** Accessible name of the sidebar navigation. */
  navLabel: string;
  requireAdmin: boolean;
  dark?: boolean;
  /** The sidebar's content below the logo (user card, links, buttons). */
  sidebar: (ready: boolean) => ReactNode;
  /** Shown in the narrow screens' top bar, before the menu button (the notification bell). */
  headerActions?: (ready: boolean) => ReactNode;
  children?: ReactNode;
}


export function AppShell({ navLabel, requireAdmin, dark = false, sidebar, headerActions, children }: AppShellProps) {
  const { decision } = useRouteGuard(requireAdmin);
  // The first render matches the page's HTML (built with no session: sidebar placeholders, the screen in <main>), so
  // hydration keeps the DOM, the screen's island included; what the session decides shows from the next render on.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const ready = hydrated && decision === 'allow';
  const settings = useStore($appSettings);
  // The agency's name and logo: read once the user is let in, never waited for (the wordmark shows meanwhile).
  useEffect(() => {
    if (ready) loadAppSettings();
  }, [ready]);
  const brand = <Logo inverted={dark} name={settings?.app_name} logoUrl={settings?.logo_url} />;
  const [open, setOpen] = useState(false);
  // The menu button arrives in the page's HTML, before its code: it stays disabled until it can open the menu (once
  // hydrated), so an early tap is visibly inert instead of silently lost.
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    drawer.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        menuButton.current?.focus();
      } else if (e.key === 'Tab' && drawer.current) {
        // The drawer is modal: Tab and Shift+Tab cycle through its own links and buttons, never the page behind.
        const items = [...drawer.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])')];
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        const inside = drawer.current.contains(document.activeElement);
        if (e.shiftKey && (document.activeElement === first || !inside)) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const panel = cn('flex h-full w-72 flex-col gap-6 p-4', dark ? 'bg-slate-900 text-white' : 'border-r border-slate-200 bg-white');

  return (
    <div className="min-h-screen lg:pl-72">
      {/* Wide screens: fixed sidebar */}
      <aside aria-label={navLabel} className="fixed inset-y-0 left-0 z-30 hidden lg:block">
        <div className={panel}>
          <a href="/" className="px-2 pt-2">
            {brand}
          </a>
          {sidebar(ready)}
        </div>
      </aside>

      {/* Narrow screens: top bar (the page's banner landmark) + drawer */}
      <header
        className={cn(
          'sticky top-0 z-30 flex h-14 items-center justify-between px-4 lg:hidden',
          dark ? 'bg-slate-900 text-white' : 'border-b border-slate-200 bg-white',
        )}
      >
        <a href="/">
          {brand}
        </a>
        <div className="flex items-center gap-1">
          {headerActions?.(ready)}
          <button
            ref={menuButton}
            type="button"
            aria-label="Abrir menu"
            disabled={!hydrated}
            aria-expanded={open}
            aria-controls="shell-drawer"
            onClick={() => setOpen(true)}
            className={cn('rounded-md p-2', dark ? 'hover:bg-slate-800' : 'hover:bg-slate-100')}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </header>
      {open && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-black/50" aria-hidden="true" onClick={() => setOpen(false)} />
          <div
            id="shell-drawer"
            ref={drawer}
            role="dialog"
            aria-modal="true"
            aria-label={navLabel}
            className="absolute inset-y-0 left-0 max-w-[85vw] overflow-y-auto shadow-xl"
          >
            <div className={panel}>
              <div className="flex items-center justify-between px-2 pt-2">
                <a href="/">
                  {brand}
                </a>
                <button
                  type="button"
                  aria-label="Fechar menu"
                  onClick={() => {
                    setOpen(false);
                    menuButton.current?.focus();
                  }}
                  className={cn('rounded-md p-2', dark ? 'hover:bg-slate-800' : 'hover:bg-slate-100')}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
              {sidebar(ready)}
            </div>
          </div>
        </div>
      )}

      <main id="conteudo" className="min-w-0 p-4 sm:p-6 lg:p-8">
        {/* The screen is in the page's HTML, so its island's code starts loading as the page parses and its frame
            paints with the page (the page's inline guard already sent anyone without a session away); while the auth
            client confirms the session the screen's calls wait for a valid token. Only a redirect decided by the guard
            replaces it with the spinner. */}
        {hydrated && (decision === 'login' || decision === 'dashboard') ? <GuardSpinner /> : children}
      </main>
      <Toaster />
    </div>
  );
}
