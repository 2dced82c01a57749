// Client area frame + route guard; the page's island is its child.
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import Receipt from 'lucide-react/icons/receipt';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import ListTodo from 'lucide-react/icons/list-todo';
import LogOut from 'lucide-react/icons/log-out';
import Mail from 'lucide-react/icons/mail';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import { $auth, signOut } from '../lib/stores/auth';
import { $appSettings } from '../lib/stores/app-settings';
import { mailtoHref } from '../lib/domain/email';
import { goKeepingToast } from '../lib/stores/toast';
import { $supportBadge, readSupportBadgeAfterFirstView } from '../lib/stores/support-badge';
import { $invoiceBadge, readInvoiceBadgeAfterFirstView, refreshInvoiceBadge } from '../lib/stores/invoice-badge';
import { useLiveTable } from './hooks/useLiveTable';
import { AppShell, NavLinks, type NavItem } from '../components/shell/AppShell';
import { SidebarUserLink } from '../components/shell/Avatar';
import { NotificationBellSlot } from './notifications/NotificationBellSlot';

const ICON = 'h-5 w-5';

export const CLIENT_NAV: NavItem[] = [
  { href: '/dashboard', label: 'Painel Principal', icon: <LayoutDashboard className={ICON} /> },
  { href: '/projects', label: 'Meus Projetos', icon: <FolderKanban className={ICON} /> },
  { href: '/invoices', label: 'Faturas', icon: <Receipt className={ICON} /> },
  { href: '/my-clients', label: 'Meus Clientes', icon: <Users className={ICON} /> },
  { href: '/tasks', label: 'Minhas Tarefas', icon: <ListTodo className={ICON} /> },
  { href: '/support', label: 'Suporte e Ajuda', icon: <LifeBuoy className={ICON} /> },
];

interface Props {
  /** The page's path at build time (dynamic routes: the `_` shell's path; the prefix is what counts). */
  pathname: string;
  children?: ReactNode;
}

function ClientSidebar({ pathname, ready }: { pathname: string; ready: boolean }) {
  const { user, userRole } = useStore($auth);
  const settings = useStore($appSettings);
  const shownUser = ready ? user : null;
  const contactHref = ready ? mailtoHref(settings?.admin_email) : null;
  const unread = useStore($supportBadge).client;
  const owed = useStore($invoiceBadge);
  useEffect(() => {
    if (ready) void readSupportBadgeAfterFirstView('client');
    if (ready) void readInvoiceBadgeAfterFirstView();
  }, [ready]);
  const items = CLIENT_NAV.map((item) =>
    item.href === '/support'
      ? { ...item, badge: { count: unread, label: unread === 1 ? 'ticket com nova resposta' : 'tickets com nova resposta' } }
      : item.href === '/invoices'
        ? { ...item, badge: { count: owed, label: 'em aberto' } }
        : item,
  );
  return (
    <>
      <div className="flex min-h-[3.5rem] items-center gap-3 rounded-lg bg-slate-50 p-3" data-testid="sidebar-user">
        {shownUser ? (
          <SidebarUserLink user={shownUser} role="Cliente" />
        ) : (
          <span className="h-10 w-10 animate-pulse rounded-full bg-slate-200" aria-hidden="true" />
        )}
        <NotificationBellSlot ready={ready} />
      </div>
      <nav aria-label="Navegação do cliente" className="flex-1">
        <NavLinks items={items} pathname={pathname} />
      </nav>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        {contactHref && (
          <a
            href={contactHref}
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            data-testid="agency-contact"
          >
            <Mail className={ICON} aria-hidden="true" />
            <span className="min-w-0">
              Fale com a agência
              <span className="block truncate text-xs font-normal text-slate-500">{settings?.admin_email}</span>
            </span>
          </a>
        )}
        {ready && userRole === 'admin' && (
          <a
            href="/admin/dashboard"
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            <ShieldCheck className={ICON} aria-hidden="true" />
            Painel Admin
          </a>
        )}
        <button
          type="button"
          onClick={() => void signOut().then(() => goKeepingToast('/login'))}
          className="flex items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-red-600 hover:bg-red-50"
        >
          <LogOut className={ICON} aria-hidden="true" />
          Sair da Conta
        </button>
      </div>
    </>
  );
}

/** The sidebar's open amount follows the user's invoices live (issued, edited, cancelled, overdue, paid). */
function useLiveInvoiceBadge(): void {
  const userId = useStore($auth).user?.id;
  useLiveTable('invoice-badge', userId ? [{ table: 'invoices', filter: `user_id=eq.${userId}` }] : null, {
    refresh: () => void refreshInvoiceBadge(),
  });
}

export default function ClientShell({ pathname, children }: Props) {
  useLiveInvoiceBadge();
  return (
    <AppShell
      navLabel="Menu do cliente"
      requireAdmin={false}
      sidebar={(ready) => <ClientSidebar pathname={pathname} ready={ready} />}
      headerActions={(ready) => <NotificationBellSlot ready={ready} />}
    >
      {children}
    </AppShell>
  );
}
