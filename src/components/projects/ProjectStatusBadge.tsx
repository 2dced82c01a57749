// Status icon and label of a project (Pendente, Em andamento, Concluído, else Desconhecido).
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleHelp from 'lucide-react/icons/circle-question-mark';
import Clock from 'lucide-react/icons/clock';
import Loader from 'lucide-react/icons/loader';
import { projectStatusLabel } from '../../lib/domain/project-rules';
import { Badge } from '../ui/Badge';
import { cn } from '../ui/cn';

const styles: Record<string, { icon: typeof Clock; className: string }> = {
  pending: { icon: Clock, className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  'in-progress': { icon: Loader, className: 'bg-blue-50 text-blue-800 ring-blue-200' },
  completed: { icon: CircleCheck, className: 'bg-green-50 text-green-800 ring-green-200' },
};
const unknown = { icon: CircleHelp, className: 'bg-slate-100 text-slate-700 ring-slate-200' };

export function ProjectStatusBadge({ status, className }: { status: string; className?: string }) {
  const { icon: Icon, className: tone } = Object.hasOwn(styles, status) ? styles[status] : unknown;
  return (
    <Badge colors={tone} outlined={false} className={cn('gap-1.5 ring-1 ring-inset', className)}>
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {projectStatusLabel(status)}
    </Badge>
  );
}
