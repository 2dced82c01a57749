import { taskPriorityBadgeClass, taskStatusBadgeClass } from '../../lib/data/tasks';
import { cn } from '../ui/cn';

const base = 'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold';

export function TaskStatusBadge({ status }: { status: string }) {
  return <span className={cn(base, taskStatusBadgeClass(status))}>{status}</span>;
}

export function TaskPriorityBadge({ priority }: { priority: string }) {
  return <span className={cn(base, taskPriorityBadgeClass(priority))}>{priority}</span>;
}
