// One support ticket of the client's list: subject (a link to its conversation), status label, 'Nova resposta' when a
// staff reply is newer than the client's last opening, creation date and time, update date when different, the
// message and, when present, the team's latest reply under 'Resposta da Equipe:'.
import { formatDateTime } from '../../lib/domain/format';
import type { Ticket } from '../../lib/data/tickets';
import { Badge } from '../ui/Badge';
import { TicketStatusBadge } from './TicketStatusBadge';

const wrap = 'break-words [overflow-wrap:anywhere]';

export function TicketItem({ ticket, newReply = false }: { ticket: Ticket; newReply?: boolean }) {
  const updated = ticket.updated_at && ticket.updated_at !== ticket.created_at;
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 dir="auto" className={`min-w-0 flex-1 font-semibold text-slate-900 ${wrap}`}>
          <a href={`/support/${ticket.id}`} className="hover:text-brand-700 hover:underline">
            {ticket.subject}
          </a>
        </h3>
        <div className="flex flex-wrap gap-2">
          {newReply && (
            <Badge tone="red" data-testid="new-reply">
              Nova resposta
            </Badge>
          )}
          <TicketStatusBadge status={ticket.status} />
        </div>
      </div>
      <p className="text-xs text-slate-500">
        Criado em {formatDateTime(ticket.created_at)}
        {updated && <> · Atualizado em {formatDateTime(ticket.updated_at)}</>}
      </p>
      <p dir="auto" className={`whitespace-pre-line text-sm text-slate-700 ${wrap}`}>{ticket.message_content}</p>
      {ticket.response_content && (
        <div className="rounded-md border-l-4 border-brand-500 bg-brand-50 p-3">
          <p className="text-sm font-semibold text-brand-900">Resposta da Equipe:</p>
          <p dir="auto" className={`mt-1 whitespace-pre-line text-sm text-slate-800 ${wrap}`}>{ticket.response_content}</p>
        </div>
      )}
      <a
        href={`/support/${ticket.id}`}
        aria-label={`Ver conversa: ${ticket.subject}`}
        className="self-start text-sm font-medium text-brand-700 hover:underline"
      >
        Ver conversa
      </a>
    </article>
  );
}
