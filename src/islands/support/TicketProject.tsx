// The project a ticket is about, as a link to it: the client's project page, or for the staff the agency's project
// screen. Its title is read once (a project the reader cannot read, or that is gone, shows as 'Projeto').
import { useEffect, useState } from 'react';
import FolderKanban from 'lucide-react/icons/folder-kanban';
import { getProject } from '../../lib/data/projects';

interface Props {
  projectId: string | null;
  audience: 'client' | 'admin';
}

export function TicketProject({ projectId, audience }: Props) {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    if (!projectId) return;
    let live = true;
    setTitle(null);
    getProject(projectId).then(
      (p) => live && setTitle(p.title),
      () => live && setTitle(''),
    );
    return () => {
      live = false;
    };
  }, [projectId]);
  if (!projectId) return null;
  const href = audience === 'admin' ? `/admin/projects/${projectId}` : `/projects/${projectId}`;
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-1 text-sm text-slate-600">
      <FolderKanban className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>Projeto:</span>
      <a href={href} dir="auto" className="min-w-0 break-words font-medium text-brand-700 hover:underline [overflow-wrap:anywhere]">
        {title === null ? 'Carregando...' : title || 'Projeto'}
      </a>
    </p>
  );
}
