// What a project card shows, as fill values (lib/util/fill-marks.ts): the card component renders from them, and the
// page's boot script paints the same card from an early answer with them. Every text, attribute and variant of the
// card that depends on the project comes from here.
import type { Tables } from '../../lib/database.types';
import { formatDate } from '../../lib/domain/format';
import { planSummary } from '../../lib/domain/plans';
import { clientMayDeleteProject, showsProgressBar } from '../../lib/domain/project-rules';
import { projectStatusLook } from './project-status-look';
import { progressValues } from '../ui/progress-values';

/** The columns a card reads. */
export type ProjectCardRow = Pick<
  Tables<'projects'>,
  'id' | 'title' | 'description' | 'status' | 'progress' | 'created_at' | 'plan' | 'monthly_price'
>;

/** A card's values; `showProgress` is the screen's rule for the progress bar, `dateLabel` the words before the date. */
export function projectCardFill(project: ProjectCardRow, showProgress: boolean, dateLabel = '') {
  return {
    ...projectStatusLook(project.status),
    ...progressValues(project.progress ?? 0, `Progresso de ${project.title}`),
    showProgress,
    titleId: `project-title-${project.id}`,
    title: project.title,
    plan: planSummary(project.plan, project.monthly_price),
    description: project.description ?? '',
    created: `${dateLabel ? `${dateLabel} ` : ''}${formatDate(project.created_at)}`,
    link: `/projects/${project.id}`,
  };
}
export type ProjectCardValues = ReturnType<typeof projectCardFill>;

/** A card of the projects list: a bar for a project in progress with a progress, and 'Excluir' while pending. */
export function projectListItemFill(project: ProjectCardRow) {
  return {
    ...projectCardFill(project, showsProgressBar(project.status, project.progress), 'Criado em'),
    canDelete: clientMayDeleteProject(project.status),
    deleteLabel: `Excluir projeto ${project.title}`,
  };
}
export type ProjectListItemValues = ReturnType<typeof projectListItemFill>;

/** The row a card's fill template is rendered with: any project does, every value the card shows is marked. */
export const TEMPLATE_PROJECT: ProjectCardRow = {
  id: '00000000-0000-4000-8000-000000000000',
  title: '',
  description: null,
  status: 'in-progress',
  progress: 0,
  created_at: '',
  plan: null,
  monthly_price: null,
};
