// One support ticket: subject, status label, creation date and time, update date when different,
// the message and, when present, the team's reply under 'Resposta da Equipe:'.
import { formatDateTime } from '../../lib/domain/format';
import { ticketStatusLabel, type Ticket } from '../../lib/data/tickets';
import { Badge, type BadgeTone } from '../ui/Badge';

const tones: Record<string, BadgeTone> = { open: 'blue', in_progress: 'yellow', resolved: 'green' };
const wrap = 'break-words [overflow-wrap:anywhere]';

export function TicketItem({ ticket }: { ticket: Ticket }) {
  const tone = Object.hasOwn(tones, ticket.status) ? tones[ticket.status] : 'gray';
  const updated = ticket.updated_at && ticket.updated_at !== ticket.created_at;
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className={`min-w-0 flex-1 font-semibold text-slate-900 ${wrap}`}>{ticket.subject}</h3>
        <Badge tone={tone} className={wrap}>
          {ticketStatusLabel(ticket.status)}
        </Badge>
      </div>
      <p className="text-xs text-slate-500">
        Criado em {formatDateTime(ticket.created_at)}
        {updated && <> · Atualizado em {formatDateTime(ticket.updated_at)}</>}
      </p>
      <p className={`whitespace-pre-line text-sm text-slate-700 ${wrap}`}>{ticket.message_content}</p>
      {ticket.response_content && (
        <div className="rounded-md border-l-4 border-brand-500 bg-brand-50 p-3">
          <p className="text-sm font-semibold text-brand-900">Resposta da Equipe:</p>
          <p className={`mt-1 whitespace-pre-line text-sm text-slate-800 ${wrap}`}>{ticket.response_content}</p>
        </div>
      )}
    </article>
  );
}
