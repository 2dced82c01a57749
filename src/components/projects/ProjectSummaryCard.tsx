// One project as a card (dashboard and projects list): status, title, what was bought (the stored plan's name and the
// monthly price, so a renamed project still says it), description, creation date, 'Ver detalhes', an optional delete
// button and the progress bar. It renders from its fill values (project-card-fill.ts) and carries their marks, so the
// page's boot script paints the same card from data (lib/util/fill-marks.ts).
import type { ReactNode } from 'react';
import { marks } from '../../lib/util/fill-marks';
import { buttonClasses } from '../ui/Button';
import { Card } from '../ui/Card';
import { ProgressBar } from '../ui/ProgressBar';
import { Shown } from '../ui/Shown';
import { ProjectStatusBadge } from './ProjectStatusBadge';
import type { ProjectCardRow, ProjectCardValues } from './project-card-fill';

interface Props {
  project: ProjectCardRow;
  values: ProjectCardValues;
  /** Extra controls in the header (the list's delete button). */
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}

const m = marks<ProjectCardValues>();

export function ProjectSummaryCard({ project, values: v, actions, headingLevel = 'h3' }: Props) {
  const Heading = headingLevel;
  return (
    <Card className="flex h-full min-w-0 flex-col gap-3 p-5" aria-labelledby={v.titleId} role="article" {...m.attr({ 'aria-labelledby': 'titleId' })}>
      <div className="flex items-start justify-between gap-2">
        <ProjectStatusBadge status={project.status} marked />
        {actions}
      </div>
      <Heading
        id={v.titleId}
        className="line-clamp-3 break-words text-lg font-semibold leading-snug text-slate-900 [overflow-wrap:anywhere]"
        {...m.attr({ id: 'titleId' })}
        {...m.text('title')}
      >
        {v.title}
      </Heading>
      {/* data-plan-summary: the dashboard's pre-paint writes this line. */}
      <p className="text-sm font-medium text-brand-700" data-plan-summary="" {...m.text('plan')}>
        {v.plan}
      </p>
      <p className="line-clamp-3 break-words text-sm text-slate-600 [overflow-wrap:anywhere]" {...m.text('description')}>
        {v.description}
      </p>
      <p className="text-xs text-slate-500" {...m.text('created')}>
        {v.created}
      </p>
      <Shown when={v.showProgress} condition={m.when('showProgress')}>
        <ProgressBar value={v.progress} label={v.progressLabel} showValue marked />
      </Shown>
      <div className="mt-auto pt-1">
        <a href={v.link} className={buttonClasses('outline', 'sm')} {...m.attr({ href: 'link' })}>
          Ver detalhes
        </a>
      </div>
    </Card>
  );
}
