// The upload area of 'Documentos': drop files on it, click it, or use 'Selecionar Arquivo' (the keyboard's way in);
// several files at once. It only hands the chosen files over; checking and sending them is the screen's.
import { useRef, useState, type DragEvent } from 'react';
import Upload from 'lucide-react/icons/upload';
import { DOCUMENT_ACCEPT } from '../../lib/domain/document-rules';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';

interface Props {
  onFiles: (files: File[]) => void;
}

export function DocumentDropZone({ onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    const files = Array.from(e.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div
      data-testid="document-drop-zone"
      className={cn(
        'flex cursor-pointer flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 hover:border-slate-400',
      )}
      onClick={(e) => {
        if (e.target === e.currentTarget || !(e.target as HTMLElement).closest('button')) input.current?.click();
      }}
      onDragEnter={(e) => hasFiles(e) && (e.preventDefault(), setOver(true))}
      onDragOver={(e) => hasFiles(e) && e.preventDefault()}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOver(false)}
      onDrop={drop}
    >
      <Upload aria-hidden="true" className="h-8 w-8 text-slate-400" />
      <p className="text-sm text-slate-600">Arraste e solte arquivos aqui ou clique para fazer upload</p>
      <p className="text-xs text-slate-500">PDF, imagens (PNG, JPEG, WebP), texto, CSV, ZIP, Word, Excel e PowerPoint; até 25 MB por arquivo.</p>
      <Button type="button" variant="outline" onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" className="h-4 w-4" />
        Selecionar Arquivo
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="document-file-input"
        onClick={(e) => e.stopPropagation()}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = ''; // the same file can be chosen again
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
