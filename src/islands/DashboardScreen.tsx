// Dashboard (/dashboard): welcome line ('Bem-vindo(a)' on the account's first visit, as the database records it, else
// 'Bem-vindo(a) de volta'), the four counts from the server, the 5 most recent projects, and the plan picker when there
// are none. What the dashboard last showed this user in this browser (counts and recent projects) paints at once on the
// next visit and is replaced in place by the fresh figures; having it also means the visit is not the first.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CircleCheck, Clock, FolderKanban, Loader } from 'lucide-react';
import { $auth } from '../lib/stores/auth';
import { errorMessage } from '../lib/util/error-message';
import { projectCounts, recentProjects, type Project, type ProjectCounts } from '../lib/data/projects';
import { recordDashboardVisit } from '../lib/data/dashboard';
import { planSelectionToasts, type Plan } from '../lib/domain/plans';
import { toast } from '../lib/stores/toast';
import { readLastRows, writeLastRows } from '../lib/stores/last-rows';
import { Button, buttonClasses } from '../components/ui/Button';
import { EmptyState } from '../components/projects/EmptyState';
import { ProjectGridSkeleton } from '../components/projects/ProjectCardSkeleton';
import { ProjectSummaryCard } from '../components/projects/ProjectSummaryCard';
import { StatCard } from '../components/ui/StatCard';
import { PlanPicker, loadPlanPicker } from '../components/projects/lazy-dialogs';

const RECENT_COUNT = 5;
const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';
/** The kept snapshot: one entry in the per-user last-rows store. */
const SNAPSHOT = { list: 'dashboard', key: 'summary' } as const;

interface Snapshot {
  counts: ProjectCounts;
  recent: Project[];
}

/** The screen's first data calls, which the page also sends early (`slots.user` stands for the signed-in user). */
export const firstRequests = ({ user }: { user: string }) =>
  Promise.all([recordDashboardVisit(user), projectCounts(), recentProjects(RECENT_COUNT)]);

export default function DashboardScreen() {
  const { user } = useStore($auth);
  const userId = user?.id ?? '';
  const [kept] = useState(() => readLastRows<Snapshot>(SNAPSHOT.list, userId, SNAPSHOT.key)?.rows[0] ?? null);
  const [counts, setCounts] = useState<ProjectCounts | null>(kept?.counts ?? null);
  const [recent, setRecent] = useState<Project[] | null>(kept?.recent ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // A kept snapshot means this account has been here before: 'de volta' from the first paint.
  const [firstVisit, setFirstVisit] = useState<boolean | null>(kept ? false : null);
  const [pickerOpen, setPickerOpen] = useState(false);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    recordDashboardVisit(userId).then(
      (first) => live && setFirstVisit((known) => (known === false ? false : first)),
      () => live && setFirstVisit((known) => known ?? true), // unknown: the plain 'Bem-vindo(a)' suits everyone
    );
    return () => {
      live = false;
    };
  }, [userId]);

  useEffect(() => {
    let live = true;
    setFailed(false);
    Promise.all([projectCounts(), recentProjects(RECENT_COUNT)])
      .then(([c, r]) => {
        if (!live) return;
        setCounts(c);
        setRecent(r);
        writeLastRows<Snapshot>(SNAPSHOT.list, userId, { key: SNAPSHOT.key, rows: [{ counts: c, recent: r }], total: null, hasMore: false });
      })
      .catch((e) => {
        if (!live) return;
        toast({ title: 'Erro ao carregar projetos', description: errorMessage(e), variant: 'destructive' });
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [attempt, userId]);

  const count = (n: number | undefined) => (failed ? '—' : (n ?? null));

  const name = (user?.user_metadata?.full_name as string | undefined)?.trim() || user?.email || '';
  const greeting = firstVisit === false ? 'Bem-vindo(a) de volta' : 'Bem-vindo(a)';

  function selectPlan(plan: Plan) {
    planSelectionToasts(plan).forEach((t) => toast(t));
    setPickerOpen(false);
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8">
      <header>
        {/* A very long name is cut after two lines; the whole name is in its title. Until the database says whether
            this is the first visit the line is held invisible at the length of the longer greeting, so it appears
            whole, once, and nothing below it moves. */}
        <h1
          className={`line-clamp-2 break-words text-2xl font-bold text-slate-900 sm:text-3xl [overflow-wrap:anywhere]${firstVisit === null ? ' invisible' : ''}`}
        >
          {firstVisit === null ? 'Bem-vindo(a) de volta' : greeting}, <span title={name}>{name}</span>!
        </h1>
        <p className="mt-1 text-slate-600">Aqui está um resumo dos seus projetos de IA.</p>
      </header>

      <section aria-label="Resumo dos projetos" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total de Projetos" value={count(counts?.total)} icon={FolderKanban} tone="bg-brand-50 text-brand-700" />
        <StatCard label="Projetos Concluídos" value={count(counts?.completed)} icon={CircleCheck} tone="bg-green-50 text-green-700" />
        <StatCard label="Em Andamento" value={count(counts?.inProgress)} icon={Loader} tone="bg-blue-50 text-blue-700" />
        <StatCard label="Pendentes" value={count(counts?.pending)} icon={Clock} tone="bg-amber-50 text-amber-700" />
      </section>

      <section aria-labelledby="recent-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recent-heading" className="text-xl font-semibold text-slate-900">
            Projetos Recentes
          </h2>
          {recent && recent.length > 0 && (
            <a href="/projects" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
              Ver todos os projetos
            </a>
          )}
        </div>
        {failed ? (
          <EmptyState title="Erro ao carregar projetos" text="Verifique sua conexão e tente novamente.">
            <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              Tentar novamente
            </Button>
          </EmptyState>
        ) : recent === null ? (
          <ProjectGridSkeleton count={3} className={GRID} />
        ) : recent.length === 0 ? (
          <EmptyState title="Nenhum projeto encontrado" text="Escolha um plano para começar seu primeiro projeto de IA.">
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => setPickerOpen(true)} onPointerEnter={loadPlanPicker} onFocus={loadPlanPicker}>
                Escolher um plano
              </Button>
              <a href="/projects" className={buttonClasses('outline')}>
                Ir para Projetos
              </a>
            </div>
          </EmptyState>
        ) : (
          <ul className={GRID}>
            {recent.map((p) => (
              <li key={p.id} className="min-w-0">
                <ProjectSummaryCard project={p} showProgress={p.status !== 'pending'} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <PlanPicker open={pickerOpen} onOpenChange={setPickerOpen} onSelect={selectPlan} />
    </div>
  );
}
