// The documents of a project: name, type, size (pt-BR), date, who sent it, 'Baixar', and delete where allowed.
import Download from 'lucide-react/icons/download';
import FileText from 'lucide-react/icons/file-text';
import Trash2 from 'lucide-react/icons/trash';
import { documentTypeLabel, formatFileSize } from '../../lib/domain/document-rules';
import { formatDateTime } from '../../lib/domain/format';
import { Button } from '../ui/Button';

export interface DocumentRow {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  createdAt: string;
  uploader: string;
  canDelete: boolean;
}

interface Props {
  documents: DocumentRow[];
  downloading: string | null;
  onDownload: (id: string) => void;
  onDelete: (id: string) => void;
}

export function DocumentList({ documents, downloading, onDownload, onDelete }: Props) {
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Documentos do projeto">
      {documents.map((d) => (
        <li key={d.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="project-document">
          <FileText aria-hidden="true" className="hidden h-5 w-5 shrink-0 text-slate-400 sm:block" />
          <div className="min-w-0 flex-1">
            <p className="break-words font-medium text-slate-900 [overflow-wrap:anywhere]">{d.name}</p>
            <p className="text-sm text-slate-500">
              {documentTypeLabel(d.mimeType, d.name)} · {formatFileSize(d.size)} · {formatDateTime(d.createdAt)} · Enviado por {d.uploader}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="outline" size="sm" loading={downloading === d.id} onClick={() => onDownload(d.id)} aria-label={`Baixar ${d.name}`}>
              <Download aria-hidden="true" className="h-4 w-4" />
              Baixar
            </Button>
            {d.canDelete && (
              <Button variant="ghost" size="icon" className="h-9 w-9" aria-label={`Excluir ${d.name}`} onClick={() => onDelete(d.id)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
