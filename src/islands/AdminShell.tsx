// Admin area frame + admin route guard; the page's island is its child.
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import BarChart3 from 'lucide-react/icons/chart-column';
import Briefcase from 'lucide-react/icons/briefcase';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import Users from 'lucide-react/icons/users';
import UsersRound from 'lucide-react/icons/users-round';
import { $auth, signOut } from '../lib/stores/auth';
import { goKeepingToast } from '../lib/stores/toast';
import { $supportBadge, readSupportBadgeAfterFirstView } from '../lib/stores/support-badge';
import { AppShell, NavLinks, type NavItem } from '../components/shell/AppShell';
import { SidebarUserLink } from '../components/shell/Avatar';
import { NotificationBellSlot } from './notifications/NotificationBellSlot';

const ICON = 'h-5 w-5';

export const ADMIN_NAV: NavItem[] = [
  { href: '/admin/dashboard', label: 'Dashboard Principal', icon: <LayoutDashboard className={ICON} /> },
  { href: '/admin/clients', label: 'Gestão de Clientes', icon: <Users className={ICON} /> },
  { href: '/admin/projects-management', label: 'Gestão de Projetos', icon: <Briefcase className={ICON} /> },
  { href: '/admin/support', label: 'Suporte ao Cliente', icon: <LifeBuoy className={ICON} /> },
  { href: '/admin/collaborators', label: 'Colaboradores e Tarefas', icon: <UsersRound className={ICON} /> },
  { href: '/admin/analytics', label: 'Analytics e Relatórios', icon: <BarChart3 className={ICON} /> },
  { href: '/admin/settings', label: 'Configurações do Sistema', icon: <Settings className={ICON} /> },
];

interface Props {
  pathname: string;
  children?: ReactNode;
}

function AdminSidebar({ pathname, ready }: { pathname: string; ready: boolean }) {
  const { user } = useStore($auth);
  const shownUser = ready ? user : null;
  const waiting = useStore($supportBadge).staff;
  useEffect(() => {
    if (ready) void readSupportBadgeAfterFirstView('staff');
  }, [ready]);
  const items = ADMIN_NAV.map((item) =>
    item.href === '/admin/support' ? { ...item, badge: { count: waiting, label: waiting === 1 ? 'ticket aguardando resposta' : 'tickets aguardando resposta' } } : item,
  );
  return (
    <>
      <div className="flex min-h-[3.5rem] items-center gap-3 rounded-lg bg-slate-800 p-3" data-testid="sidebar-user">
        {shownUser ? (
          <SidebarUserLink user={shownUser} role="Super Administrador" dark />
        ) : (
          <span className="h-10 w-10 animate-pulse rounded-full bg-slate-700" aria-hidden="true" />
        )}
        <NotificationBellSlot ready={ready} dark />
      </div>
      <nav aria-label="Navegação do administrador" className="flex-1">
        <NavLinks items={items} pathname={pathname} dark />
      </nav>
      <div className="flex flex-col gap-2 border-t border-slate-700 pt-4">
        <a
          href="/dashboard"
          className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white"
        >
          <ArrowLeft className={ICON} aria-hidden="true" />
          Voltar ao Painel do Usuário
        </a>
        <button
          type="button"
          onClick={() => void signOut().then(() => goKeepingToast('/login'))}
          className="flex items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-red-400 hover:bg-slate-800"
        >
          <LogOut className={ICON} aria-hidden="true" />
          Sair da Conta Admin
        </button>
      </div>
    </>
  );
}

export default function AdminShell({ pathname, children }: Props) {
  return (
    <AppShell
      navLabel="Menu do administrador"
      requireAdmin
      dark
      sidebar={(ready) => <AdminSidebar pathname={pathname} ready={ready} />}
      headerActions={(ready) => <NotificationBellSlot ready={ready} dark />}
    >
      {children}
    </AppShell>
  );
}
