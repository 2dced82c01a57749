// 'Anexar arquivos' under a ticket message being written: the chosen files (name, size, 'Remover'), each checked when
// chosen (type, 10 MB, content matching its type) so a refused file never joins the list and its reason is said in
// pt-BR. A file that failed to send stays, with the reason, for the next attempt. Sending is the screen's.
import { useId, useRef, useState } from 'react';
import AlertCircle from 'lucide-react/icons/circle-exclamation-point';
import Paperclip from 'lucide-react/icons/paperclip';
import X from 'lucide-react/icons/x';
import { formatFileSize } from '../../lib/domain/document-rules';
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS_PER_MESSAGE } from '../../lib/domain/ticket-attachment-rules';
import { attachmentRefusal } from '../../lib/domain/ticket-attachment-rules';
import { newId } from '../../lib/util/ids';
import { Button } from '../ui/Button';
import type { PendingFile } from './attachments';

interface Props {
  files: PendingFile[];
  onChange: (files: PendingFile[]) => void;
  disabled?: boolean;
}

export function AttachmentPicker({ files, onChange, disabled = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const hint = useId();

  async function choose(chosen: File[]) {
    const problems: string[] = [];
    const accepted: PendingFile[] = [];
    for (const file of chosen) {
      const refusal = await attachmentRefusal(file).catch(() => `Não foi possível ler o arquivo "${file.name}".`);
      if (refusal) problems.push(refusal);
      else accepted.push({ id: newId(), file });
    }
    const room = MAX_ATTACHMENTS_PER_MESSAGE - files.length;
    if (accepted.length > room) {
      problems.push(`Uma mensagem leva no máximo ${MAX_ATTACHMENTS_PER_MESSAGE} anexos.`);
      accepted.splice(Math.max(room, 0));
    }
    setRefusals(problems);
    if (accepted.length > 0) onChange([...files, ...accepted]);
  }

  return (
    <div className="flex flex-col gap-2" data-testid="attachment-picker">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" disabled={disabled} aria-describedby={hint} onClick={() => input.current?.click()}>
          <Paperclip aria-hidden="true" className="h-4 w-4" />
          Anexar arquivos
        </Button>
        <span id={hint} className="text-xs text-slate-500">
          PDF, imagens (PNG, JPEG, WebP) ou texto (TXT, CSV); até 10 MB por arquivo.
        </span>
        <input
          ref={input}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="attachment-input"
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            e.target.value = ''; // the same file can be chosen again
            if (chosen.length > 0) void choose(chosen);
          }}
        />
      </div>
      {refusals.length > 0 && (
        <div role="alert" className="flex flex-col gap-1 text-sm text-red-700">
          {refusals.map((r) => (
            <p key={r} className="flex items-start gap-1.5 break-words [overflow-wrap:anywhere]">
              <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              {r}
            </p>
          ))}
        </div>
      )}
      {files.length > 0 && (
        <ul className="flex flex-col gap-1.5" aria-label="Arquivos anexados">
          {files.map((f) => (
            <li key={f.id} className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2">
              <Paperclip aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
              <div className="min-w-0 flex-1">
                <p className="break-words text-sm text-slate-900 [overflow-wrap:anywhere]">
                  {f.file.name} <span className="text-slate-500">({formatFileSize(f.file.size)})</span>
                </p>
                {f.error && <p className="text-sm text-red-700">{f.error}</p>}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="h-7 w-7"
                disabled={disabled}
                aria-label={`Remover ${f.file.name}`}
                onClick={() => onChange(files.filter((x) => x.id !== f.id))}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
