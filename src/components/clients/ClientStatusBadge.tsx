import { clientStatusBadgeClass, clientStatusLabel } from '../../lib/domain/client-rules';
import { Badge } from '../ui/Badge';

/** The coloured status badge of a CRM client, in the user's CRM and the admin console (unknown codes shown as is). */
export function ClientStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  return (
    <Badge colors={clientStatusBadgeClass(status)} className={className}>
      {clientStatusLabel(status)}
    </Badge>
  );
}
