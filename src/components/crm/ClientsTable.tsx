import { Eye, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { clientMailtoHref, clientTelHref, type Client } from '../../lib/clients';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../ui/DropdownMenu';
import { buttonClasses } from '../ui/Button';
import { ClientStatusBadge } from './ClientStatusBadge';

interface Props {
  rows: readonly Client[];
  /** Id of the client being deleted (its menu is disabled meanwhile). */
  deletingId: string | null;
  onDelete: (client: Client) => void;
}

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
const td = 'px-4 py-3 align-top text-sm text-slate-800';
const link = 'text-brand-700 underline-offset-2 hover:underline';
const none = <span className="text-slate-500">—</span>;

function Email({ value }: { value: string | null }) {
  if (!value) return none;
  const href = clientMailtoHref(value);
  return href ? (
    <a href={href} className={`${link} break-all`}>
      {value}
    </a>
  ) : (
    <span className="break-all">{value}</span>
  );
}

function Phone({ value }: { value: string | null }) {
  if (!value) return none;
  const href = clientTelHref(value);
  return href ? (
    <a href={href} className={`${link} whitespace-nowrap`}>
      {value}
    </a>
  ) : (
    <span className="break-all">{value}</span>
  );
}

/** The user's clients: Nome Completo, Empresa, Email, Telefone, Status, Ações (scrolls sideways on a phone). */
export function ClientsTable({ rows, deletingId, onDelete }: Props) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
      role="region"
      aria-label="Tabela de clientes"
      tabIndex={0}
    >
      <table className="min-w-[48rem] w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={th}>Nome Completo</th>
            <th scope="col" className={th}>Empresa</th>
            <th scope="col" className={th}>Email</th>
            <th scope="col" className={th}>Telefone</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={`${th} text-right`}>Ações</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-client-id={row.id} className="hover:bg-slate-50">
              <td className={`${td} max-w-[16rem] break-words font-medium text-slate-900`}>{row.full_name}</td>
              <td className={`${td} max-w-[14rem] break-words`}>{row.company_name || none}</td>
              <td className={`${td} max-w-[16rem]`}>
                <Email value={row.email} />
              </td>
              <td className={`${td} max-w-[12rem]`}>
                <Phone value={row.phone} />
              </td>
              <td className={td}>
                <ClientStatusBadge status={row.status} />
              </td>
              <td className={`${td} text-right`}>
                <DropdownMenu modal={false}>
                  <DropdownMenuTrigger
                    className={buttonClasses('ghost', 'icon')}
                    aria-label={`Ações para ${row.full_name}`}
                    disabled={deletingId === row.id}
                  >
                    <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
                  </DropdownMenuTrigger>
                  <DropdownMenuContent>
                    <DropdownMenuItem asChild>
                      <a href={`/my-clients/${encodeURIComponent(row.id)}`}>
                        <Eye className="h-4 w-4" aria-hidden="true" />
                        Ver Detalhes
                      </a>
                    </DropdownMenuItem>
                    <DropdownMenuItem asChild>
                      <a href={`/my-clients/edit/${encodeURIComponent(row.id)}`}>
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                        Editar
                      </a>
                    </DropdownMenuItem>
                    <DropdownMenuItem destructive onSelect={() => onDelete(row)}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      Excluir
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
