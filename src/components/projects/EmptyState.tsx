// A centred empty-state box: an icon, a message and an optional call to action.
import type { ReactNode } from 'react';
import FolderOpen from 'lucide-react/icons/folder-open';

/** `data-fill-if`: the generic filler's condition mark (Shown), on the box. */
export function EmptyState({ title, text, children, ...marked }: { title: string; text?: string; children?: ReactNode; 'data-fill-if'?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center" {...marked}>
      <FolderOpen aria-hidden="true" className="h-10 w-10 text-slate-400" />
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {text && <p className="max-w-md text-sm text-slate-600">{text}</p>}
      {children}
    </div>
  );
}
