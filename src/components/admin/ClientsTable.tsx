import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { AdminClientListItem } from '../../lib/admin-clients';
import { buttonClasses, Button } from '../ui/Button';
import { ClientStatusBadge } from './ClientStatusBadge';
import { EmailLink, PhoneLink } from './ContactLinks';

interface ClientsTableProps {
  rows: readonly AdminClientListItem[];
  onEdit: (row: AdminClientListItem) => void;
  onDelete: (row: AdminClientListItem) => void;
}

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-4 py-3 align-top text-sm text-slate-800';

/** The admin clients table: one row per client, with view (link), edit and delete buttons. */
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
            <tr key={row.id} data-client-id={row.id} className="hover:bg-slate-50">
              <td className={`${td} max-w-[16rem] break-words font-medium text-slate-900`}>{row.full_name}</td>
              <td className={`${td} max-w-[14rem] break-words`}>{row.company_name || <span className="text-slate-500">—</span>}</td>
              <td className={`${td} max-w-[18rem]`}>
                <EmailLink email={row.email} />
              </td>
              <td className={`${td} max-w-[12rem]`}>
                <PhoneLink phone={row.phone} />
              </td>
              <td className={td}>
                <ClientStatusBadge status={row.status} />
              </td>
              <td className={`${td} max-w-[14rem] break-words`}>
                {row.manager?.full_name || <span className="text-slate-600">Não atribuído</span>}
              </td>
              <td className={`${td} whitespace-nowrap text-right`}>
                <div className="inline-flex gap-1">
                  <a
                    href={`/admin/clients/${encodeURIComponent(row.id)}`}
                    className={buttonClasses('ghost', 'icon')}
                    aria-label={`Ver detalhes de ${row.full_name}`}
                    title="Ver detalhes"
                  >
                    <Eye className="h-4 w-4" aria-hidden="true" />
                  </a>
                  <Button variant="ghost" size="icon" aria-label={`Editar ${row.full_name}`} title="Editar" onClick={() => onEdit(row)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-700 hover:bg-red-50"
                    aria-label={`Excluir ${row.full_name}`}
                    title="Excluir"
                    onClick={() => onDelete(row)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
