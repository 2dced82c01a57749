import { clientStatusBadgeClass, clientStatusLabel } from '../../lib/data/clients';
import { cn } from '../ui/cn';

/** The coloured status badge of a CRM client (unknown codes shown as is). */
export function ClientStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        clientStatusBadgeClass(status),
      )}
    >
      {clientStatusLabel(status)}
    </span>
  );
}
