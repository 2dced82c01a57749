// Status icon and label of a project (Pendente, Em andamento, Concluído, else Desconhecido).
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleHelp from 'lucide-react/icons/circle-question-mark';
import Clock from 'lucide-react/icons/clock';
import Loader from 'lucide-react/icons/loader';
import { marks } from '../../lib/util/fill-marks';
import { Shown } from '../ui/Shown';
import { projectStatusLook, type ProjectStatusKind } from './project-status-look';

const ICONS: Record<ProjectStatusKind, typeof Clock> = { pending: Clock, 'in-progress': Loader, completed: CircleCheck, unknown: CircleHelp };
const m = marks<ReturnType<typeof projectStatusLook>>();

/** With `marked`, the badge carries the generic filler's marks (its row's values include projectStatusLook). */
export function ProjectStatusBadge({ status, className, marked = false }: { status: string; className?: string; marked?: boolean }) {
  const look = projectStatusLook(status, className);
  if (!marked) {
    const Icon = ICONS[look.statusKind];
    return (
      <span className={look.statusClass}>
        <Icon aria-hidden="true" className="h-3.5 w-3.5" />
        {look.statusLabel}
      </span>
    );
  }
  return (
    <span className={look.statusClass} {...m.attr({ class: 'statusClass' })}>
      {(Object.keys(ICONS) as ProjectStatusKind[]).map((kind) => {
        const Icon = ICONS[kind];
        return (
          <Shown key={kind} when={look.statusKind === kind} condition={m.when('statusKind', kind)}>
            <Icon aria-hidden="true" className="h-3.5 w-3.5" />
          </Shown>
        );
      })}
      <span {...m.text('statusLabel')}>{look.statusLabel}</span>
    </span>
  );
}
