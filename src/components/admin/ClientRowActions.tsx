import { Eye, Pencil, Trash2 } from 'lucide-react';
import type { ClientListItem } from '../../lib/data/clients';
import { buttonClasses, Button } from '../ui/Button';

interface Props {
  row: ClientListItem;
  onEdit: (row: ClientListItem) => void;
  onDelete: (row: ClientListItem) => void;
}

/** The actions of a client in the admin console: details (a link), edit and delete buttons. */
export function ClientRowActions({ row, onEdit, onDelete }: Props) {
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
