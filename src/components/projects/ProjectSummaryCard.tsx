// One project as a card (dashboard and projects list): status, title, what was bought (the stored plan's name and the
// monthly price, so a renamed project still says it), description, creation date, 'Ver detalhes', an optional delete
// button and the progress bar.
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/domain/format';
import { planSummary } from '../../lib/domain/plans';
import type { Project } from '../../lib/data/projects';
import { buttonClasses } from '../ui/Button';
import { Card } from '../ui/Card';
import { ProgressBar } from '../ui/ProgressBar';
import { ProjectStatusBadge } from './ProjectStatusBadge';

interface Props {
  project: Project;
  /** Whether to draw the progress bar (the dashboard and the list use slightly different rules). */
  showProgress: boolean;
  /** Label before the date ('Criado em' on the list). */
  dateLabel?: string;
  /** Extra controls in the header (the list's delete button). */
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

export function ProjectSummaryCard({ project, showProgress, dateLabel, actions, headingLevel = 'h3' }: Props) {
  const Heading = headingLevel;
  const titleId = `project-title-${project.id}`;
  return (
    <Card className="flex h-full min-w-0 flex-col gap-3 p-5" aria-labelledby={titleId} role="article">
      <div className="flex items-start justify-between gap-2">
        <ProjectStatusBadge status={project.status} />
        {actions}
      </div>
      <Heading id={titleId} className="line-clamp-3 break-words text-lg font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]">
        {project.title}
      </Heading>
      {/* data-plan-summary: the pre-paint scripts write this line (prepaint-cards.ts). */}
      <p className="text-sm font-medium text-brand-700" data-plan-summary="">
        {planSummary(project.plan, project.monthly_price)}
      </p>
      <p className="line-clamp-3 break-words text-sm text-slate-600 [overflow-wrap:anywhere]">{project.description ?? ''}</p>
      <p className="text-xs text-slate-500">
        {dateLabel ? `${dateLabel} ` : ''}
        {formatDate(project.created_at)}
      </p>
      {showProgress && (
        <ProgressBar value={project.progress ?? 0} label={`Progresso de ${project.title}`} showValue />
      )}
      <div className="mt-auto pt-1">
        <a href={`/projects/${project.id}`} className={buttonClasses('outline', 'sm')}>
          Ver detalhes
        </a>
      </div>
    </Card>
  );
}
