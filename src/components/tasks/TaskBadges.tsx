import { Badge } from '../ui/Badge';

/** Marks a task past its due date and not done. */
export function TaskOverdueBadge(props: { 'data-fill-if'?: string }) {
  return <Badge {...props} colors="bg-red-50 text-red-800 border-red-200">Atrasada</Badge>;
}
