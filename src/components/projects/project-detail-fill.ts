// What the client's project detail shows of its project, as fill values (lib/util/fill-marks.ts): the view's
// components (ProjectDetailParts, ProjectOverviewTab) render from them, and the page's boot script
// (src/boot/paint-project.ts) paints the same view from the early answer with them. Every text, attribute and variant
// of the view that depends on the project comes from here.
import type { Tables } from '../../lib/database.types';
import { formatDate } from '../../lib/domain/format';
import { planName, planPrice } from '../../lib/domain/plans';
import { clientMayDeleteProject, showsProgressField } from '../../lib/domain/project-rules';
import { TEMPLATE_PROJECT } from './project-card-fill';
import { projectStatusLook } from './project-status-look';
import { progressValues } from '../ui/progress-values';

/** The columns the view reads. */
export type ProjectDetailRow = Pick<
  Tables<'projects'>,
  'id' | 'title' | 'description' | 'status' | 'progress' | 'created_at' | 'updated_at' | 'plan' | 'monthly_price'
>;

/** The classes the overview's status badge adds to its look. */
export const DETAIL_BADGE_CLASS = 'self-start';

/** The view's dates: missing ones stay empty. */
const detailDate = (iso: string | null) => (iso ? formatDate(iso) : '');

/**
 * The view's values. The bar is drawn for every status but pending, with no progress as 0%; 'Excluir' while the
 * client may still delete the project (pending), else 'Solicitar cancelamento' linking to the support form.
 */
export function projectDetailFill(project: ProjectDetailRow) {
  const created = detailDate(project.created_at);
  const updated = detailDate(project.updated_at);
  return {
    ...projectStatusLook(project.status, DETAIL_BADGE_CLASS),
    ...progressValues(project.progress ?? 0, 'Progresso do projeto'),
    showProgress: showsProgressField(project.status),
    title: project.title,
    description: project.description ?? '',
    dates: `Criado em ${created} · Atualizado em ${updated}`,
    created,
    updated,
    planName: planName(project.plan),
    planPrice: planPrice(project.monthly_price),
    canDelete: clientMayDeleteProject(project.status),
    /** The support form prefilled with the request to cancel this project. */
    cancelHref: `/support?cancelar=${project.id}`,
  };
}
export type ProjectDetailValues = ReturnType<typeof projectDetailFill>;

const text = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, is: (v: unknown) => boolean) => v === null || v === undefined || is(v);
const number = (v: unknown) => typeof v === 'number';

/** Whether an answer has the shape of a project row (what the view reads, of the types the database gives). */
export function isProjectDetailRow(v: unknown): v is ProjectDetailRow {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  return (
    text(r.id) &&
    text(r.title) &&
    text(r.status) &&
    optional(r.description, text) &&
    optional(r.created_at, text) &&
    optional(r.updated_at, text) &&
    optional(r.progress, number) &&
    optional(r.plan, text) &&
    optional(r.monthly_price, (p) => number(p) || text(p))
  );
}

/** The row the view's fill template is rendered with: any project does, every value the view shows is marked. */
export const templateDetailProject = (): ProjectDetailRow => ({ ...TEMPLATE_PROJECT, updated_at: '' });
