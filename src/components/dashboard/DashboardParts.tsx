// The dashboard's pieces, drawn by the screen and, at build time, into the page's HTML: the frame the page shows
// before the screen's code has run (DashboardFrame, the island's fallback) and the templates its inline script fills
// from the early answers. Both are this same markup, so the screen's first render changes nothing already on screen.
import type { ReactNode } from 'react';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import Loader from 'lucide-react/icons/loader';
import type { ProjectCounts } from '../../lib/domain/project-rules';
import type { Project } from '../../lib/data/projects';
import { Button, buttonClasses } from '../ui/Button';
import { EmptyState } from '../projects/EmptyState';
import { ProjectGridSkeleton } from '../projects/ProjectCardSkeleton';
import { loadPlanPicker } from '../projects/lazy-dialogs';
import { ProjectSummaryCard } from '../projects/ProjectSummaryCard';
import { projectCardFill } from '../projects/project-card-fill';
import { StatCard } from '../ui/StatCard';

export const RECENT_GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** The two greetings: the plain one on the account's first dashboard visit (as the database records it). */
export const GREETINGS = { first: 'Bem-vindo(a)', again: 'Bem-vindo(a) de volta' } as const;

/** The name the greeting uses: the profile's full name, else the e-mail. */
export function greetingName(user: { email?: string | null; user_metadata?: Record<string, unknown> } | null | undefined): string {
  const full = user?.user_metadata?.full_name;
  return (typeof full === 'string' ? full.trim() : '') || user?.email || '';
}

/**
 * The welcome line and the subtitle. A very long name is cut after two lines; the whole name is in its title. Until
 * it is known whether this is the first visit (`firstVisit` null) the line is held invisible at the length of the
 * longer greeting, so it appears whole, once, and nothing below it moves.
 */
export function DashboardHeader({ name, firstVisit }: { name: string; firstVisit: boolean | null }) {
  return (
    <header>
      <h1
        className={`line-clamp-2 break-words text-2xl font-bold text-slate-900 sm:text-3xl [overflow-wrap:anywhere]${firstVisit === null ? ' invisible' : ''}`}
      >
        {firstVisit === true ? GREETINGS.first : GREETINGS.again}, <span title={name}>{name}</span>!
      </h1>
      <p className="mt-1 text-slate-600">Aqui está um resumo dos seus projetos de IA.</p>
    </header>
  );
}

/** The four counts: loading while `counts` is null, '—' when they could not be loaded. */
export function DashboardCounts({ counts, failed }: { counts: ProjectCounts | null; failed: boolean }) {
  const count = (n: number | undefined) => (failed ? '—' : (n ?? null));
  return (
    <section aria-label="Resumo dos projetos" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total de Projetos" value={count(counts?.total)} icon={FolderKanban} tone="bg-brand-50 text-brand-700" />
      <StatCard label="Projetos Concluídos" value={count(counts?.completed)} icon={CircleCheck} tone="bg-green-50 text-green-700" />
      <StatCard label="Em Andamento" value={count(counts?.inProgress)} icon={Loader} tone="bg-blue-50 text-blue-700" />
      <StatCard label="Pendentes" value={count(counts?.pending)} icon={Clock} tone="bg-amber-50 text-amber-700" />
    </section>
  );
}

/** The link to the whole list, beside the recent projects' heading when there are any. */
export function AllProjectsLink() {
  return (
    <a href="/projects" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
      Ver todos os projetos
    </a>
  );
}

/** 'Projetos Recentes': its heading row (with `link` when there are projects), then `children`. */
export function RecentSection({ link, children }: { link: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby="recent-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-heading" className="text-xl font-semibold text-slate-900">
          Projetos Recentes
        </h2>
        {link && <AllProjectsLink />}
      </div>
      {children}
    </section>
  );
}

/** One recent project: its card, with the bar for every status but pending. */
export function RecentItem({ project }: { project: Project }) {
  return (
    <li className="min-w-0">
      <ProjectSummaryCard project={project} values={projectCardFill(project, project.status !== 'pending')} />
    </li>
  );
}

/** No project yet: the way to a first one ('Escolher um plano' opens the plan picker: `onPick`). */
export function NoRecentProjects({ onPick }: { onPick?: () => void }) {
  return (
    <EmptyState title="Nenhum projeto encontrado" text="Escolha um plano para começar seu primeiro projeto de IA.">
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
      <RecentSection link={false}>
        <ProjectGridSkeleton count={3} className={RECENT_GRID} />
      </RecentSection>
    </div>
  );
}
