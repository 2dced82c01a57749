// The rows of the agency's support inbox: client (name and e-mail), subject (a link to the conversation), status,
// how long the client has waited and the last activity. Stacked cards on narrow screens, a table on wide ones.
import { formatDateTime } from '../../lib/domain/format';
import { waitingTime } from '../../lib/domain/support-rules';
import type { InboxRow } from '../../lib/data/support-desk';
import { TicketStatusBadge } from './TicketStatusBadge';

const WRAP = 'break-words [overflow-wrap:anywhere]';

function Client({ row }: { row: InboxRow }) {
  return (
    <div className="min-w-0">
      <p dir="auto" className={`font-medium text-slate-900 ${WRAP}`}>{row.client_name || 'Sem nome'}</p>
      <p className={`text-xs text-slate-600 ${WRAP}`}>{row.client_email}</p>
    </div>
  );
}

function Subject({ row }: { row: InboxRow }) {
  return (
    <a dir="auto" href={`/admin/support/${row.id}`} className={`font-medium text-brand-700 hover:underline ${WRAP}`}>
      {row.subject}
    </a>
  );
}

export function InboxTable({ rows, now }: { rows: InboxRow[]; now: number }) {
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={row.id} data-testid="inbox-row" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
            <Subject row={row} />
            <Client row={row} />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
              <TicketStatusBadge status={row.status} />
              <span>Aguardando: {waitingTime(row.waiting_since, now)}</span>
              <span>Última atividade: {formatDateTime(row.last_activity_at)}</span>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">Tickets de suporte</caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="w-1/4 px-4 py-3">Cliente</th>
              <th scope="col" className="w-1/3 px-4 py-3">Assunto</th>
              <th scope="col" className="px-4 py-3">Status</th>
              <th scope="col" className="px-4 py-3">Aguardando</th>
              <th scope="col" className="px-4 py-3">Última atividade</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id} data-testid="inbox-row" className="align-top">
                <td className="px-4 py-3"><Client row={row} /></td>
                <td className="px-4 py-3"><Subject row={row} /></td>
                <td className="px-4 py-3"><TicketStatusBadge status={row.status} /></td>
                <td className="px-4 py-3 text-slate-700">{waitingTime(row.waiting_since, now)}</td>
                <td className="px-4 py-3 text-slate-700">{formatDateTime(row.last_activity_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
