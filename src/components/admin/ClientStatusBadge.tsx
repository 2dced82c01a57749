import { clientStatusBadgeClass, clientStatusLabel } from '../../lib/data/clients';
import { cn } from '../ui/cn';

/** The coloured status badge of a CRM client (labels and colours from src/lib/data/clients.ts). */
export function ClientStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        clientStatusBadgeClass(status),
        className,
      )}
    >
      {clientStatusLabel(status)}
    </span>
  );
}
