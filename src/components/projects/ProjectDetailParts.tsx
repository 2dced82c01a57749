// The pieces of the project detail (/projects/{id}, /admin/projects/{id}) that are drawn both by the screen's island
// and, from the page's HTML, by the view painted before the island starts (src/boot/paint-project.ts): the loading
// state, the loaded view (back link, header with the title, the dates and the actions, the tabs) and its actions in
// view mode. Both draw the same components, which render from the view's fill values (project-detail-fill.ts) and
// carry their marks, so the painted view and the island never differ.
import type { ReactNode } from 'react';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { isProjectStatus, type ProjectDraft, type ProjectTab } from '../../lib/domain/project-rules';
import { marks } from '../../lib/util/fill-marks';
import { Button, buttonClasses } from '../ui/Button';
import { Shown } from '../ui/Shown';
import { Spinner } from '../ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/Tabs';
import { ProjectOverviewTab } from './ProjectOverviewTab';
import { projectDetailFill, type ProjectDetailRow, type ProjectDetailValues } from './project-detail-fill';

const m = marks<ProjectDetailValues>();

/**
 * What the screen shows until the project is loaded. As the page's `frame` (what its HTML shows until the island has
 * drawn), it is marked for the page's inline script, which may put the loaded view in its place.
 */
export function ProjectDetailLoading({ frame = false }: { frame?: boolean }) {
  return (
    <div
      className="flex min-h-[50vh] items-center justify-center"
      data-screen-fallback={frame ? '' : undefined}
      data-prepaint-project={frame ? '' : undefined}
    >
      <Spinner size="lg" label="Carregando projeto..." />
    </div>
  );
}

/** The edit form's starting values for `p` (an unknown status starts as pending). */
export const draftOf = (p: Pick<ProjectDetailRow, 'title' | 'description' | 'status' | 'progress'>): ProjectDraft => ({
  title: p.title,
  description: p.description ?? '',
  status: isProjectStatus(p.status) ? p.status : 'pending',
  progress: p.progress,
});

interface ActionsProps {
  onEdit?: () => void;
  onDelete?: () => void;
  /** Starts loading the delete dialog's code (pointer over or focus on 'Excluir'). */
  onPrepareDelete?: () => void;
  /**
   * 'Excluir' when `canDelete`, else (a client's project past pending, which only the agency deletes) 'Solicitar
   * cancelamento', a link to the support form prefilled with the request for this project (`cancelHref`).
   */
  offer: Pick<ProjectDetailValues, 'canDelete' | 'cancelHref'>;
}

/** What the agency's header offers: 'Excluir' for every project. */
export const AGENCY_OFFER: ActionsProps['offer'] = { canDelete: true, cancelHref: '' };

/** The header's buttons in view mode: 'Editar', and 'Excluir' or 'Solicitar cancelamento'. */
export function ProjectViewActions({ onEdit, onDelete, onPrepareDelete, offer }: ActionsProps) {
  return (
    <>
      <Button variant="outline" onClick={onEdit}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Editar
      </Button>
      <Shown when={!offer.canDelete} condition={m.when('canDelete', false)}>
        <a href={offer.cancelHref} className={buttonClasses('outline')} {...m.attr({ href: 'cancelHref' })}>
          <LifeBuoy aria-hidden="true" className="h-4 w-4" />
          Solicitar cancelamento
        </a>
      </Shown>
      <Shown when={offer.canDelete} condition={m.when('canDelete')}>
        <Button variant="destructive" onClick={onDelete} onPointerEnter={onPrepareDelete} onFocus={onPrepareDelete}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Excluir
        </Button>
      </Shown>
    </>
  );
}

interface ViewProps {
  project: ProjectDetailRow;
  /** Where 'Voltar para projetos' goes. */
  listHref: string;
  /** The header's buttons. */
  actions: ReactNode;
  /** Between the header and the tabs (the save notices, the agency's card). */
  children?: ReactNode;
  /** The tabs' contents; only 'Visão Geral' is open at first. */
  overview: ReactNode;
  updates?: ReactNode;
  documents?: ReactNode;
  /** After the tabs (the delete dialog). */
  after?: ReactNode;
  /** The open tab and its change (the screen keeps it in the address); without them 'Visão Geral' opens first. */
  tab?: ProjectTab;
  onTabChange?: (tab: ProjectTab) => void;
}

/** The loaded project: back link, header (title, 'Criado em … · Atualizado em …', actions), then the tabs. */
export function ProjectDetailView({ project, listHref, actions, children, overview, updates, documents, after, tab, onTabChange }: ViewProps) {
  const v = projectDetailFill(project);
  const tabs = tab ? { value: tab, onValueChange: (v: string) => onTabChange?.(v as ProjectTab) } : { defaultValue: 'overview' };
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div>
        <a href={listHref} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Voltar para projetos
        </a>
      </div>

      <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl [overflow-wrap:anywhere]" {...m.text('title')}>
            {v.title}
          </h1>
          <p className="mt-1 text-sm text-slate-500" {...m.text('dates')}>
            {v.dates}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </header>

      {children}

      <Tabs {...tabs}>
        <TabsList aria-label="Seções do projeto">
          <TabsTrigger value="overview">Visão Geral</TabsTrigger>
          <TabsTrigger value="updates">Atualizações</TabsTrigger>
          <TabsTrigger value="documents">Documentos</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">{overview}</TabsContent>
        <TabsContent value="updates">{updates}</TabsContent>
        <TabsContent value="documents">{documents}</TabsContent>
      </Tabs>

      {after}
    </div>
  );
}

const ignore = () => undefined;

/**
 * The client's loaded view as the screen first draws it for `project`: view mode, nothing being saved, no notice
 * (the agency's card is the admin screen's only).
 */
export function ProjectDetailFirstView({ project }: { project: ProjectDetailRow }) {
  return (
    <ProjectDetailView
      project={project}
      listHref="/projects"
      actions={<ProjectViewActions offer={projectDetailFill(project)} />}
      overview={
        <ProjectOverviewTab project={project} editing={false} draft={draftOf(project)} disabled={false} onDraftChange={ignore} showPlan />
      }
    />
  );
}
