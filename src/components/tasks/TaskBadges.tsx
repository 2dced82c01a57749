import { taskPriorityBadgeClass, taskStatusBadgeClass } from '../../lib/domain/task-rules';
import { Badge } from '../ui/Badge';

export function TaskStatusBadge({ status }: { status: string }) {
  return <Badge colors={taskStatusBadgeClass(status)}>{status}</Badge>;
}

export function TaskPriorityBadge({ priority }: { priority: string }) {
  return <Badge colors={taskPriorityBadgeClass(priority)}>{priority}</Badge>;
}

/** Marks a task past its due date and not done. */
export function TaskOverdueBadge() {
  return <Badge colors="bg-red-50 text-red-800 border-red-200">Atrasada</Badge>;
}
