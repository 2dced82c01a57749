import Eye from 'lucide-react/icons/eye';
import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import type { ClientListItem } from '../../lib/data/clients';
import { buttonClasses, Button } from '../ui/Button';

interface Props {
  row: ClientListItem;
  /** True while this row's delete runs. */
  deleting: boolean;
  onDelete: (row: ClientListItem) => void;
}

const icon = buttonClasses('ghost', 'icon', 'h-9 w-9');

/** The actions of a client in the admin console: details and edit (links), delete (asks first). */
export function ClientRowActions({ row, deleting, onDelete }: Props) {
  const id = encodeURIComponent(row.id);
  return (
    <div className="inline-flex">
      <a href={`/admin/clients/${id}`} className={icon} aria-label={`Ver detalhes de ${row.full_name}`} title="Ver detalhes">
        <Eye className="h-4 w-4" aria-hidden="true" />
      </a>
      <a href={`/admin/clients/edit/${id}`} className={icon} aria-label={`Editar ${row.full_name}`} title="Editar">
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </a>
      <Button
        variant="ghost"
        size="icon"
        className="h-9 w-9 text-red-700 hover:bg-red-50"
        aria-label={`Excluir ${row.full_name}`}
        title="Excluir"
        loading={deleting}
        onClick={() => onDelete(row)}
      >
        {!deleting && <Trash2 className="h-4 w-4" aria-hidden="true" />}
      </Button>
    </div>
  );
}
