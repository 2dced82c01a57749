// The files being sent from 'Documentos', each with its own progress and result: sending (percent), sent, refused
// before sending (the reason), or failed (the reason and 'Tentar novamente').
import CheckCircle2 from 'lucide-react/icons/circle-check';
import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import X from 'lucide-react/icons/x';
import { formatFileSize } from '../../lib/domain/document-rules';
import { Button } from '../ui/Button';
import { ProgressBar } from '../ui/ProgressBar';

export type UploadStatus = 'sending' | 'done' | 'refused' | 'failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0-100 while sending. */
  progress: number;
  message: string;
}

interface Props {
  items: UploadItem[];
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
}

export function UploadList({ items, onRetry, onDismiss }: Props) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Envios" aria-live="polite">
      {items.map((item) => (
        <li key={item.key} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3" data-testid="upload-item">
          <div className="flex items-start gap-2">
            {item.status === 'done' && <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-600" />}
            {(item.status === 'refused' || item.status === 'failed') && (
              <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-red-600" />
            )}
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
                {item.name} <span className="font-normal text-slate-500">({formatFileSize(item.size)})</span>
              </p>
              {item.status === 'sending' && <p className="text-xs text-slate-600">Enviando... {item.progress}%</p>}
              {item.status === 'done' && <p className="text-xs text-green-700">Enviado</p>}
              {(item.status === 'refused' || item.status === 'failed') && <p className="text-sm text-red-700">{item.message}</p>}
            </div>
            {item.status !== 'sending' && (
              <Button variant="ghost" size="icon" className="h-7 w-7" aria-label={`Dispensar ${item.name}`} onClick={() => onDismiss(item.key)}>
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            )}
          </div>
          {item.status === 'sending' && <ProgressBar value={item.progress} label={`Envio de ${item.name}`} />}
          {item.status === 'failed' && (
            <div>
              <Button size="sm" variant="outline" onClick={() => onRetry(item.key)}>
                Tentar novamente
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
