// /admin/analytics: four tabs of figures computed by the database ('Visão Geral', 'Clientes', 'Projetos',
// 'Financeiro': the payments received, paid invoices by month of payment). The four RPCs load together; the tables
// show first, and the charts (recharts) are fetched only after the figures are on screen.
import { useEffect, useState } from 'react';
import {
  analyticsClients,
  analyticsMonthly,
  analyticsProjects,
  analyticsReceived,
  type ClientBreakdown,
  type MonthFigures,
  type ProjectBreakdown,
  type ReceivedMonth,
} from '../lib/data/admin-figures';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { ClientsPanel, FinancialPanel, OverviewPanel, ProjectsPanel } from '../components/figures/AnalyticsPanels';
import { ListError, ListLoading } from '../components/ui/ListPanels';
import { SimpleTabs } from '../components/ui/SimpleTabs';

interface Figures {
  months: MonthFigures[];
  clients: ClientBreakdown;
  projects: ProjectBreakdown;
  received: ReceivedMonth[];
}

const TABS = [
  { value: 'overview', label: 'Visão Geral' },
  { value: 'clients', label: 'Clientes' },
  { value: 'projects', label: 'Projetos' },
  { value: 'financial', label: 'Financeiro' },
] as const;

export default function AdminAnalyticsScreen() {
  const [figures, setFigures] = useState<Figures | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [showCharts, setShowCharts] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    setFigures(null);
    Promise.all([analyticsMonthly(), analyticsClients(), analyticsProjects(), analyticsReceived()])
      .then(([months, clients, projects, received]) => live && setFigures({ months, clients, projects, received }))
      .catch((e) => {
        if (!live) return;
        setFailed(true);
        toast({ title: 'Erro ao carregar os relatórios', description: errorMessage(e), variant: 'destructive' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  // The charts' code is requested after the browser has painted the tables.
  useEffect(() => {
    if (!figures || showCharts) return;
    const id = requestAnimationFrame(() => setTimeout(() => setShowCharts(true), 0));
    return () => cancelAnimationFrame(id);
  }, [figures, showCharts]);

  const panel = (value: (typeof TABS)[number]['value'], f: Figures) => {
    switch (value) {
      case 'overview':
        return <OverviewPanel months={f.months} showCharts={showCharts} />;
      case 'clients':
        return <ClientsPanel clients={f.clients} showCharts={showCharts} />;
      case 'projects':
        return <ProjectsPanel projects={f.projects} showCharts={showCharts} />;
      default:
        return <FinancialPanel received={f.received} showCharts={showCharts} />;
    }
  };

  return (
    <div>
      <SimpleTabs tabs={TABS} label="Seções de analytics">
        {(tab) => (
          <>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">{tab.label}</h2>
            {failed ? (
              <ListError message="Não foi possível carregar os relatórios." onRetry={() => setAttempt((n) => n + 1)} />
            ) : figures ? (
              panel(tab.value, figures)
            ) : (
              <ListLoading label="Carregando os relatórios..." />
            )}
          </>
        )}
      </SimpleTabs>
    </div>
  );
}
