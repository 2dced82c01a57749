import Eye from 'lucide-react/icons/eye';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import type { ClientListItem } from '../../lib/data/clients';
import { RowMenu } from './RowMenu';
import { marks } from '../../lib/util/fill-marks';
import { ClientTableRow } from '../clients/ClientsTable';
import type { ClientRowValues } from '../clients/client-row-fill';

const m = marks<ClientRowValues>();

/** The actions of a client in the user's CRM: a menu with 'Ver Detalhes', 'Editar' and 'Excluir'. */
export function ClientRowMenu({ row, disabled, onDelete }: { row: ClientListItem; disabled: boolean; onDelete: () => void }) {
  return (
    <RowMenu
      id={`client-actions-${row.id}`}
      label={`Ações para ${row.full_name}`}
      fillMarks={m.attr({ id: 'actionsId', 'aria-label': 'actionsLabel' })}
      disabled={disabled}
      items={[
        { label: 'Ver Detalhes', icon: <Eye className="h-4 w-4" aria-hidden="true" />, href: `/my-clients/${encodeURIComponent(row.id)}` },
        { label: 'Editar', icon: <Pencil className="h-4 w-4" aria-hidden="true" />, href: `/my-clients/edit/${encodeURIComponent(row.id)}` },
        { label: 'Excluir', icon: <Trash2 className="h-4 w-4" aria-hidden="true" />, destructive: true, onSelect: onDelete },
      ]}
    />
  );
}

/** A row of the user's CRM: the client's row with this menu (what /my-clients draws, and its rows' fill template). */
export function CrmClientRow({ row, disabled = false, onDelete = () => undefined }: { row: ClientListItem; disabled?: boolean; onDelete?: () => void }) {
  return <ClientTableRow row={row} audience="crm" actions={<ClientRowMenu row={row} disabled={disabled} onDelete={onDelete} />} />;
}
