// A project status badge's look (ProjectStatusBadge draws it; a card's fill values include it).
import { projectStatusLabel } from '../../lib/domain/project-rules';
import { badgeClass } from '../ui/badge-class';

const TONES: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  'in-progress': 'bg-blue-50 text-blue-800 ring-blue-200',
  completed: 'bg-green-50 text-green-800 ring-green-200',
};
const UNKNOWN_TONE = 'bg-slate-100 text-slate-700 ring-slate-200';

/** The status icons a badge draws: one per known status, else 'unknown'. */
export type ProjectStatusKind = 'pending' | 'in-progress' | 'completed' | 'unknown';

/** A project status badge's look: its icon's kind, its label and its classes (with `className` added). */
export function projectStatusLook(status: string, className?: string) {
  const known = Object.hasOwn(TONES, status);
  return {
    statusKind: (known ? status : 'unknown') as ProjectStatusKind,
    statusLabel: projectStatusLabel(status),
    statusClass: badgeClass({ colors: known ? TONES[status] : UNKNOWN_TONE, outlined: false, className: `gap-1.5 ring-1 ring-inset${className ? ` ${className}` : ''}` }),
  };
}
