import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { AdminClientListItem } from '../../lib/data/clients';
import { buttonClasses, Button } from '../ui/Button';
import { ClientStatusBadge } from '../clients/ClientStatusBadge';
import { EmailLink, PhoneLink } from '../clients/ContactLinks';

interface ClientsTableProps {
  rows: readonly AdminClientListItem[];
  onEdit: (row: AdminClientListItem) => void;
  onDelete: (row: AdminClientListItem) => void;
}

const th = 'px-2 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-2 py-3 align-top text-sm text-slate-800';
/** Long words (hostile or just long names) wrap inside their card instead of widening the page. */
const wrap = '[overflow-wrap:anywhere]';
/** Table cells: whole words stay whole, but nothing grows past 10rem (a capped box also caps the column's minimum). */
const cellText = 'block max-w-[8.5rem] break-words';

function RowActions({ row, onEdit, onDelete }: { row: AdminClientListItem } & Omit<ClientsTableProps, 'rows'>) {
  return (
    <div className="inline-flex">
      <a
        href={`/admin/clients/${encodeURIComponent(row.id)}`}
        className={buttonClasses('ghost', 'icon', 'h-9 w-9')}
        aria-label={`Ver detalhes de ${row.full_name}`}
        title="Ver detalhes"
      >
        <Eye className="h-4 w-4" aria-hidden="true" />
      </a>
      <Button variant="ghost" size="icon" className="h-9 w-9" aria-label={`Editar ${row.full_name}`} title="Editar" onClick={() => onEdit(row)}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="h-9 w-9 text-red-700 hover:bg-red-50"
        aria-label={`Excluir ${row.full_name}`}
        title="Excluir"
        onClick={() => onDelete(row)}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}

function Manager({ row }: { row: AdminClientListItem }) {
  return <>{row.manager?.full_name || <span className="text-slate-600">Não atribuído</span>}</>;
}

/** Narrow screens: one card per client with the same fields and buttons as the table. */
export function ClientCards({ rows, onEdit, onDelete }: ClientsTableProps) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Lista de clientes">
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="admin-client"
          data-client-id={row.id}
          className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className={`font-semibold text-slate-900 ${wrap}`}>{row.full_name}</p>
              {row.company_name && <p className={`text-sm text-slate-600 ${wrap}`}>{row.company_name}</p>}
            </div>
            <ClientStatusBadge status={row.status} />
          </div>
          <dl className="grid gap-1 text-sm">
            <div className="flex min-w-0 gap-2">
              <dt className="shrink-0 text-slate-600">Email:</dt>
              <dd className={`min-w-0 ${wrap}`}>
                <EmailLink email={row.email} />
              </dd>
            </div>
            <div className="flex min-w-0 gap-2">
              <dt className="shrink-0 text-slate-600">Telefone:</dt>
              <dd className={`min-w-0 ${wrap}`}>
                <PhoneLink phone={row.phone} />
              </dd>
            </div>
            <div className="flex min-w-0 gap-2">
              <dt className="shrink-0 text-slate-600">Gerente:</dt>
              <dd className={`min-w-0 ${wrap}`}>
                <Manager row={row} />
              </dd>
            </div>
          </dl>
          <div className="-mb-2 -mr-2 flex justify-end">
            <RowActions row={row} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Wide screens: the admin clients table, one row per client, with view (link), edit and delete buttons. */
export function ClientsTable({ rows, onEdit, onDelete }: ClientsTableProps) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
      role="region"
      aria-label="Tabela de clientes"
      tabIndex={0}
    >
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Nome</th>
            <th scope="col" className={th}>Empresa</th>
            <th scope="col" className={th}>Email</th>
            <th scope="col" className={th}>Telefone</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Gerente de Conta</th>
            <th scope="col" className={`${th} text-right`}>Ações</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="admin-client" data-client-id={row.id} className="hover:bg-slate-50">
              <td className={`${td} font-medium text-slate-900`}>
                <span className={cellText}>{row.full_name}</span>
              </td>
              <td className={td}>
                <span className={cellText}>{row.company_name || <span className="text-slate-600">—</span>}</span>
              </td>
              <td className={td}>
                <span className="block max-w-[11rem] truncate" title={row.email}>
                  <EmailLink email={row.email} className="whitespace-nowrap" />
                </span>
              </td>
              <td className={`${td} max-w-[10rem] ${wrap}`}>
                <PhoneLink phone={row.phone} />
              </td>
              <td className={td}>
                <ClientStatusBadge status={row.status} />
              </td>
              <td className={td}>
                <span className={cellText}>
                  <Manager row={row} />
                </span>
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <RowActions row={row} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
