import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { Client } from '../../lib/data/clients';
import { RowMenu } from './RowMenu';
import { ClientStatusBadge } from '../clients/ClientStatusBadge';
import { EmailLink, PhoneLink } from '../clients/ContactLinks';
import { stacked } from './stackedTable';

interface Props {
  rows: readonly Client[];
  /** Id of the client being deleted (its menu is disabled meanwhile). */
  deletingId: string | null;
  onDelete: (client: Client) => void;
}

/** The user's clients: Nome Completo, Empresa, Email, Telefone, Status, Ações (scrolls sideways on a phone). */
export function ClientsTable({ rows, deletingId, onDelete }: Props) {
  return (
    <div className={stacked.wrapper} role="region" aria-label="Tabela de clientes" tabIndex={0}>
      <table role="table" className={stacked.table}>
        <thead role="rowgroup" className={stacked.thead}>
          <tr role="row">
            <th role="columnheader" scope="col" className={stacked.th}>Nome Completo</th>
            <th role="columnheader" scope="col" className={stacked.th}>Empresa</th>
            <th role="columnheader" scope="col" className={stacked.th}>Email</th>
            <th role="columnheader" scope="col" className={stacked.th}>Telefone</th>
            <th role="columnheader" scope="col" className={stacked.th}>Status</th>
            <th role="columnheader" scope="col" className={`${stacked.th} md:text-right`}>Ações</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className={stacked.tbody}>
          {rows.map((row) => (
            <tr role="row" key={row.id} data-client-id={row.id} className={stacked.tr}>
              <td role="cell" className={`${stacked.tdTitle} break-words font-medium text-slate-900 md:max-w-[16rem]`}>
                {row.full_name}
              </td>
              <td role="cell" data-label="Empresa" className={`${stacked.td} break-words md:max-w-[14rem]`}>
                <span className="min-w-0 break-words">{row.company_name || <span className="text-slate-500">—</span>}</span>
              </td>
              <td role="cell" data-label="Email" className={`${stacked.td} md:max-w-[16rem]`}>
                <span className="min-w-0">
                  <EmailLink email={row.email} className="break-words" />
                </span>
              </td>
              <td role="cell" data-label="Telefone" className={`${stacked.td} md:max-w-[12rem]`}>
                <span className="min-w-0">
                  <PhoneLink phone={row.phone} className="break-words" />
                </span>
              </td>
              <td role="cell" data-label="Status" className={stacked.td}>
                <ClientStatusBadge status={row.status} />
              </td>
              <td role="cell" className={stacked.tdActions}>
                <RowMenu
                  id={`client-actions-${row.id}`}
                  label={`Ações para ${row.full_name}`}
                  disabled={deletingId === row.id}
                  items={[
                    { label: 'Ver Detalhes', icon: <Eye className="h-4 w-4" aria-hidden="true" />, href: `/my-clients/${encodeURIComponent(row.id)}` },
                    { label: 'Editar', icon: <Pencil className="h-4 w-4" aria-hidden="true" />, href: `/my-clients/edit/${encodeURIComponent(row.id)}` },
                    { label: 'Excluir', icon: <Trash2 className="h-4 w-4" aria-hidden="true" />, destructive: true, onSelect: () => onDelete(row) },
                  ]}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
