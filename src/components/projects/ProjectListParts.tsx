// The pieces of the projects list (/projects) that are drawn both by the screen's island and, from the page's HTML,
// by the frame painted before the island starts (the page's PaintList): the header with 'Novo Projeto', the grid's
// classes and one card of the grid. Both draw the same components, so the painted frame and the island never differ.
import type { ReactNode, Ref } from 'react';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash';
import { isProjectStatus } from '../../lib/domain/project-rules';
import { marks } from '../../lib/util/fill-marks';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import type { Project } from '../../lib/data/projects';
import { Button } from '../ui/Button';
import { ScreenTitle } from '../shell/ScreenTitle';
import { ProjectFilters } from './ProjectFilters';
import { ProjectSummaryCard } from './ProjectSummaryCard';
import { Shown } from '../ui/Shown';
import { projectListItemFill, type ProjectCardRow, type ProjectListItemValues } from './project-card-fill';

const m = marks<ProjectListItemValues>();

export const PROJECT_GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

interface HeaderProps {
  headingRef?: Ref<HTMLHeadingElement>;
  onNew?: () => void;
  /** Starts loading the plan picker's code (pointer over or focus on the button). */
  onPrepare?: () => void;
}

export function ProjectsHeader({ headingRef, onNew, onPrepare }: HeaderProps) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <ScreenTitle headingRef={headingRef} title="Projetos" subtitle="Gerencie todos os seus projetos de IA ou crie um novo." />
      <Button onClick={onNew} onPointerEnter={onPrepare} onFocus={onPrepare} className="shrink-0">
        <Plus aria-hidden="true" className="h-4 w-4" />
        Novo Projeto
      </Button>
    </header>
  );
}

/** The list below the filters: the grid of cards, then the count and 'Carregar mais' the screen adds. */
export function ProjectListSection({ busy = false, children }: { busy?: boolean; children?: ReactNode }) {
  return (
    <section aria-label="Lista de projetos" aria-busy={busy || undefined} className="flex flex-col gap-6">
      {children}
    </section>
  );
}

interface ItemProps {
  project: ProjectCardRow;
  onDelete?: () => void;
  /** Starts loading the delete dialog's code. */
  onPrepareDelete?: () => void;
}

/**
 * One grid cell: the project's card, with its delete button while the project is pending (afterwards only the agency
 * deletes it; the project's page offers 'Solicitar cancelamento').
 */
export function ProjectListItem({ project, onDelete, onPrepareDelete }: ItemProps) {
  const v = projectListItemFill(project);
  return (
    <li className="min-w-0">
      <ProjectSummaryCard
        project={project}
        values={v}
        headingLevel="h2"
        actions={
          <Shown when={v.canDelete} condition={m.when('canDelete')}>
            <Button
              variant="ghost"
              size="icon"
              className="-mr-2 -mt-2 shrink-0 text-slate-500 hover:text-red-600"
              aria-label={v.deleteLabel}
              onClick={onDelete}
              onPointerEnter={onPrepareDelete}
              onFocus={onPrepareDelete}
              {...m.attr({ 'aria-label': 'deleteLabel' })}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </Button>
          </Shown>
        }
      />
    </li>
  );
}

const ignore = () => undefined;

/**
 * What the page's HTML shows until the island has drawn: the screen's header and filters as the island draws them with
 * no search and no filter, and the list's empty grid, where the page's inline script may paint the first cards.
 */
export function ProjectsFrame() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6" data-screen-fallback="">
      <ProjectsHeader />
      <ProjectFilters search="" status="" busy={false} onSearchChange={ignore} onStatusChange={ignore} />
      <ProjectListSection>
        <ul className={PROJECT_GRID} data-prepaint-grid="" />
      </ProjectListSection>
    </div>
  );
}

export interface FrameFilters {
  search: string;
  /** '' for any value that is not a known status. */
  status: ProjectStatus | '';
  /** Which of the two had the focus. */
  focused: 'search' | 'status' | null;
}

/**
 * What the user typed in the frame's search box or chose in its status filter before the island drew (the frame's
 * controls are plain HTML until then), read by the island's first render, when the frame is still in the page, so it
 * is kept rather than wiped by the island's own controls. Empty when there is no frame.
 */
export function readFrameFilters(): FrameFilters {
  const none: FrameFilters = { search: '', status: '', focused: null };
  if (typeof document === 'undefined') return none;
  const box = document.querySelector('[data-screen-fallback] [role="search"]');
  const input = box?.querySelector('input');
  const select = box?.querySelector('select');
  if (!input || !select) return none;
  const active = document.activeElement;
  const status = isProjectStatus(select.value) ? select.value : '';
  return { search: input.value, status, focused: active === input ? 'search' : active === select ? 'status' : null };
}
