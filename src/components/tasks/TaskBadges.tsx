import { taskPriorityBadgeClass, taskStatusBadgeClass } from '../../lib/domain/task-rules';
import { Badge } from '../ui/Badge';

export function TaskStatusBadge({ status }: { status: string }) {
  return <Badge colors={taskStatusBadgeClass(status)}>{status}</Badge>;
}

export function TaskPriorityBadge({ priority }: { priority: string }) {
  return <Badge colors={taskPriorityBadgeClass(priority)}>{priority}</Badge>;
}
