// /admin/dashboard: the agency's four figures (one RPC), the 10 latest events of the activity log, quick links.
import { useEffect, useState } from 'react';
import DollarSign from 'lucide-react/icons/dollar-sign';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Users from 'lucide-react/icons/users';
import { dashboardFigures, recentActivity, type DashboardFigures } from '../lib/data/admin-figures';
import type { ActivityEvent } from '../lib/domain/figures-rules';
import { formatCurrency } from '../lib/domain/format';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { ActivityFeed } from '../components/figures/ActivityFeed';
import { QuickLinks } from '../components/figures/QuickLinks';
import { StatCard } from '../components/ui/StatCard';

const FEED_SIZE = 10;

/** Loads `load` on mount and on retry: null while loading, the value, or failed (with a toast). */
function useLoad<T>(load: () => Promise<T>, errorTitle: string) {
  const [value, setValue] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setValue(null);
    setFailed(false);
    load()
      .then((v) => live && setValue(v))
      .catch((e) => {
        if (!live) return;
        setFailed(true);
        toast({ title: errorTitle, description: errorMessage(e), variant: 'destructive' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);
  return { value, failed, retry: () => setAttempt((n) => n + 1) };
}

export default function AdminDashboardScreen() {
  const figures = useLoad<DashboardFigures>(dashboardFigures, 'Erro ao carregar os indicadores');
  const activity = useLoad<ActivityEvent[]>(() => recentActivity(FEED_SIZE), 'Erro ao carregar a atividade recente');
  const f = figures.value;
  const show = (value: (v: DashboardFigures) => string | number) => (figures.failed ? '—' : f ? value(f) : null);

  return (
    <div>
      <section aria-labelledby="admin-stats-heading">
        <h2 id="admin-stats-heading" className="sr-only">
          Indicadores
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="admin-figures">
          <StatCard label="Total de Clientes" value={show((v) => v.totalClients)} icon={Users} tone="bg-brand-50 text-brand-700" />
          <StatCard label="Projetos Ativos" value={show((v) => v.activeProjects)} icon={FolderKanban} tone="bg-blue-50 text-blue-700" />
          <StatCard label="Receita Mensal" value={show((v) => formatCurrency(v.monthlyRevenue))} icon={DollarSign} tone="bg-green-50 text-green-700" />
          <StatCard label="Tickets Abertos" value={show((v) => v.openTickets)} icon={LifeBuoy} tone="bg-amber-50 text-amber-700" />
        </div>
        {figures.failed && (
          <p className="mt-2 text-sm text-slate-700" role="alert">
            Não foi possível carregar os indicadores.{' '}
            <button type="button" className="font-medium text-brand-700 underline" onClick={figures.retry}>
              Tentar novamente
            </button>
          </p>
        )}
      </section>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <ActivityFeed events={activity.value} failed={activity.failed} onRetry={activity.retry} size={FEED_SIZE} />
        <QuickLinks />
      </div>
    </div>
  );
}
