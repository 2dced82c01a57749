// The dashboard's pieces, drawn by the screen and, at build time, into the page's HTML: the frame the page shows
// before the screen's code has run (DashboardFrame, the island's fallback) and the templates its boot script fills
// from the early answers. Both are this same markup, so the screen's first render changes nothing already on screen.
// They render from their fill values (dashboard-fill.ts) and carry their marks; `data-dashboard` names the frame's
// parts the boot script fills in place or replaces.
import type { ReactNode } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import Loader from 'lucide-react/icons/loader';
import type { ProjectCounts } from '../../lib/domain/project-rules';
import { marks } from '../../lib/util/fill-marks';
import { Button, buttonClasses } from '../ui/Button';
import { EmptyState } from '../projects/EmptyState';
import { ProjectGridSkeleton } from '../projects/ProjectCardSkeleton';
import { loadPlanPicker } from '../projects/lazy-dialogs';
import { ProjectSummaryCard } from '../projects/ProjectSummaryCard';
import type { ProjectCardRow } from '../projects/project-card-fill';
import { Shown } from '../ui/Shown';
import { StatCard } from '../ui/StatCard';
import { countsFill, headerFill, recentFill, recentItemFill, type CountsValues, type HeaderValues, type RecentValues } from './dashboard-fill';

export const RECENT_GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

const hm = marks<HeaderValues>();

/** The welcome line (headerFill) and the subtitle. A very long name is cut after two lines; the whole name is in its title. */
export function DashboardHeader({ name, firstVisit }: { name: string; firstVisit: boolean | null }) {
  const v = headerFill(name, firstVisit);
  return (
    <header data-dashboard="header">
      <h1 className={v.headingClass} {...hm.attr({ class: 'headingClass' })}>
        <span {...hm.text('greeting')}>{v.greeting}</span>, <span title={v.name} {...hm.attr({ title: 'name' })} {...hm.text('name')}>{v.name}</span>!
      </h1>
      <p className="mt-1 text-slate-600">Aqui está um resumo dos seus projetos de IA.</p>
    </header>
  );
}

const cm = marks<CountsValues>();
/** A count's value: its text, and no longer busy once painted. */
const countMarks = (key: keyof CountsValues & string) => ({ ...cm.text(key), ...cm.attr({ 'aria-busy': 'busy' }) });

/** The four counts: loading while `counts` is null, '—' when they could not be loaded. */
export function DashboardCounts({ counts, failed }: { counts: ProjectCounts | null; failed: boolean }) {
  const v = counts && countsFill(counts);
  const count = (n: number | undefined) => (failed ? '—' : (n ?? null));
  return (
    <section aria-label="Resumo dos projetos" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-dashboard="counts">
      <StatCard label="Total de Projetos" value={count(v?.total)} icon={FolderKanban} tone="bg-brand-50 text-brand-700" valueMarks={countMarks('total')} />
      <StatCard label="Projetos Concluídos" value={count(v?.completed)} icon={CircleCheck} tone="bg-green-50 text-green-700" valueMarks={countMarks('completed')} />
      <StatCard label="Em Andamento" value={count(v?.inProgress)} icon={Loader} tone="bg-blue-50 text-blue-700" valueMarks={countMarks('inProgress')} />
      <StatCard label="Pendentes" value={count(v?.pending)} icon={Clock} tone="bg-amber-50 text-amber-700" valueMarks={countMarks('pending')} />
    </section>
  );
}

/** The link to the whole list, beside the recent projects' heading when there are any. */
export function AllProjectsLink(props: { 'data-fill-if'?: string }) {
  return (
    <a href="/projects" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline" {...props}>
      Ver todos os projetos
    </a>
  );
}

const rm = marks<RecentValues>();

/**
 * 'Projetos Recentes': its heading row (with the link to all projects when there are some), then `failure` when
 * given, else the projects (`recent`; null: loading) or the way to a first one ('Escolher um plano': `onPick`).
 */
export function RecentSection({ recent, onPick, failure }: { recent: readonly ProjectCardRow[] | null; onPick?: () => void; failure?: ReactNode }) {
  const v = recentFill(recent ?? []);
  return (
    <section aria-labelledby="recent-heading" className="flex flex-col gap-4" data-dashboard="recent">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-heading" className="text-xl font-semibold text-slate-900">
          Projetos Recentes
        </h2>
        <Shown when={v.any} condition={rm.when('any')}>
          <AllProjectsLink />
        </Shown>
      </div>
      {failure ??
        (recent === null ? (
          <ProjectGridSkeleton count={3} className={RECENT_GRID} />
        ) : (
          <>
            <Shown when={v.any} condition={rm.when('any')}>
              <ul className={RECENT_GRID} data-dashboard="recent-list">
                {recent.map((p) => (
                  <RecentItem key={p.id} project={p} />
                ))}
              </ul>
            </Shown>
            <Shown when={!v.any} condition={rm.when('any', false)}>
              <NoRecentProjects onPick={onPick} />
            </Shown>
          </>
        ))}
    </section>
  );
}

/** One recent project: its card (recentItemFill). */
export function RecentItem({ project }: { project: ProjectCardRow }) {
  return (
    <li className="min-w-0">
      <ProjectSummaryCard project={project} values={recentItemFill(project)} />
    </li>
  );
}

/** No project yet: the way to a first one ('Escolher um plano' opens the plan picker: `onPick`). */
export function NoRecentProjects({ onPick, ...marked }: { onPick?: () => void; 'data-fill-if'?: string }) {
  return (
    <EmptyState title="Nenhum projeto encontrado" text="Escolha um plano para começar seu primeiro projeto de IA." {...marked}>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onPick} onPointerEnter={loadPlanPicker} onFocus={loadPlanPicker}>
          Escolher um plano
        </Button>
        <a href="/projects" className={buttonClasses('outline')}>
          Ir para Projetos
        </a>
      </div>
    </EmptyState>
  );
}

export const DASHBOARD_LAYOUT = 'mx-auto flex w-full max-w-6xl flex-col gap-8';

/**
 * What the screen's first render shows with nothing known yet, for the page's HTML: the welcome line held invisible
 * (the page's script writes the name in), the counts and the recent projects loading.
 */
export function DashboardFrame() {
  return (
    <div className={DASHBOARD_LAYOUT} data-screen-fallback data-prepaint-dashboard>
      <DashboardHeader name="" firstVisit={null} />
      <DashboardCounts counts={null} failed={false} />
      <RecentSection recent={null} />
    </div>
  );
}
