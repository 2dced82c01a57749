// One update of a project's timeline: author, 'Equipe' when the agency wrote it, date and time, the text, and a delete
// button when the screen says the viewer may delete it.
import Trash2 from 'lucide-react/icons/trash';
import { formatDateTime } from '../../lib/domain/format';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';

interface Props {
  author: string;
  staff: boolean;
  createdAt: string;
  content: string;
  canDelete: boolean;
  onDelete: () => void;
}

export function UpdateItem({ author, staff, createdAt, content, canDelete, onDelete }: Props) {
  const when = formatDateTime(createdAt);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="project-update">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="break-words font-medium text-slate-900 [overflow-wrap:anywhere]">{author}</span>
        {staff && <Badge tone="purple">Equipe</Badge>}
        <time dateTime={createdAt} className="text-sm text-slate-500">
          {when}
        </time>
        {canDelete && (
          <Button variant="ghost" size="icon" className="ml-auto h-8 w-8" aria-label={`Excluir atualização de ${when}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </Button>
        )}
      </div>
      <p className="whitespace-pre-line break-words text-slate-800 [overflow-wrap:anywhere]">{content}</p>
    </li>
  );
}
