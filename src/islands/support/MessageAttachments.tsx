// The files of one ticket message: name, type and size (pt-BR), and 'Baixar', which reads the bytes from Storage (served
// only to who may read the file) and saves them under the file's own name.
import { useState } from 'react';
import Download from 'lucide-react/icons/download';
import Paperclip from 'lucide-react/icons/paperclip';
import { documentTypeLabel, formatFileSize } from '../../lib/domain/document-rules';
import { downloadAttachment, type TicketAttachment } from '../../lib/data/ticket-attachments';
import { saveAs } from '../../lib/util/save-file';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { Button } from '../../components/ui/Button';

export function MessageAttachments({ attachments }: { attachments: TicketAttachment[] }) {
  const [downloading, setDownloading] = useState<string | null>(null);
  if (attachments.length === 0) return null;

  async function download(attachment: TicketAttachment) {
    setDownloading(attachment.id);
    try {
      saveAs(await downloadAttachment(attachment), attachment.name);
    } catch (error) {
      toast({ title: 'Erro ao baixar anexo', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <ul className="flex flex-col gap-1.5" aria-label="Anexos" data-testid="message-attachments">
      {attachments.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white/70 px-3 py-2">
          <Paperclip aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
          <div className="min-w-0 flex-1">
            <p className="break-words text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{a.name}</p>
            <p className="text-xs text-slate-600">
              {documentTypeLabel(a.mime_type, a.name)} · {formatFileSize(a.size_bytes)}
            </p>
          </div>
          <Button variant="outline" size="sm" loading={downloading === a.id} onClick={() => void download(a)} aria-label={`Baixar ${a.name}`}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Baixar
          </Button>
        </li>
      ))}
    </ul>
  );
}
