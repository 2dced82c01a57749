// A ticket's status as a coloured badge: Aberto (blue), Em Progresso (yellow), Resolvido (green); an unknown value is
// shown as is, in grey.
import { ticketStatusLabel } from '../../lib/domain/support-rules';
import { Badge, type BadgeTone } from '../ui/Badge';

const tones: Record<string, BadgeTone> = { open: 'blue', in_progress: 'yellow', resolved: 'green' };

export function TicketStatusBadge({ status }: { status: string }) {
  const tone = Object.hasOwn(tones, status) ? tones[status] : 'gray';
  return (
    <Badge tone={tone} className="break-words [overflow-wrap:anywhere]">
      {ticketStatusLabel(status)}
    </Badge>
  );
}
