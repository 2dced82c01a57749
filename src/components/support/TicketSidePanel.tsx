// The side panel of the staff's ticket screen: the ticket's status (a select that applies at once, with or without a
// reply), the project the ticket is about (a link to it) and the client: name, e-mail and a link to their projects.
import { useId, type ReactNode } from 'react';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import { TICKET_STATUS_OPTIONS } from '../../lib/domain/support-rules';
import type { TicketStatus } from '../../lib/domain/status-codes';
import { formatDateTime } from '../../lib/domain/format';
import { Label } from '../ui/Label';
import { Select } from '../ui/Select';

interface Props {
  status: string;
  savingStatus: boolean;
  onStatusChange: (status: TicketStatus) => void;
  client: { name: string; email: string };
  createdAt: string;
  updatedAt: string;
  /** The client's project the ticket is about (its link, drawn by the screen), if any. */
  project?: ReactNode;
}

const WRAP = 'break-words [overflow-wrap:anywhere]';

export function TicketSidePanel({ status, savingStatus, onStatusChange, client, createdAt, updatedAt, project = null }: Props) {
  const statusId = useId();
  const known = TICKET_STATUS_OPTIONS.some((o) => o.value === status);
  return (
    <aside aria-label="Detalhes do ticket" className="flex flex-col gap-4">
      <section className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
        <Label htmlFor={statusId}>Status do ticket</Label>
        <Select
          id={statusId}
          value={status}
          disabled={savingStatus}
          aria-busy={savingStatus}
          onChange={(e) => onStatusChange(e.target.value as TicketStatus)}
        >
          {!known && <option value={status}>{status}</option>}
          {TICKET_STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        <p className="text-xs text-slate-500">
          Criado em {formatDateTime(createdAt)} · Atualizado em {formatDateTime(updatedAt)}
        </p>
      </section>
      {project && (
        <section aria-labelledby="ticket-project-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="ticket-project-heading" className="text-sm font-semibold text-slate-900">
            Projeto do ticket
          </h2>
          {project}
        </section>
      )}
      <section aria-labelledby="ticket-client-heading" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="ticket-client-heading" className="text-sm font-semibold text-slate-900">
          Cliente
        </h2>
        <p dir="auto" className={`font-medium text-slate-900 ${WRAP}`}>{client.name}</p>
        <p className={`text-sm text-slate-600 ${WRAP}`}>{client.email}</p>
        <a
          href={`/admin/projects-management?q=${encodeURIComponent(client.email)}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <FolderKanban className="h-4 w-4" aria-hidden="true" />
          Ver projetos do cliente
        </a>
      </section>
    </aside>
  );
}
