// The task dialog's choices (users to assign, the user's projects), loaded once the list's first page is in, so their
// error toasts never hide the list's own. `preload` fetches the dialog's code at the same moment.
import { useEffect, useRef, useState } from 'react';
import { listMyProjectOptions, type ProjectOption } from '../../lib/data/tasks';
import { listAssignableUsers, type AssignableUser } from '../../lib/data/profiles';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';

export function useTaskFormOptions(ready: boolean, preload: () => Promise<unknown>) {
  const [users, setUsers] = useState<AssignableUser[]>([]);
  const [projects, setProjects] = useState<ProjectOption[]>([]);
  const loaded = useRef(false);

  useEffect(() => {
    if (!ready || loaded.current) return;
    loaded.current = true;
    void preload().catch(() => undefined);
    listAssignableUsers()
      .then(setUsers)
      .catch((error) =>
        toast({
          title: 'Erro ao carregar usuários',
          description: ['Não foi possível buscar a lista de usuários para atribuição.', errorMessage(error, '')]
            .filter(Boolean)
            .join(' '),
          variant: 'destructive',
        }),
      );
    listMyProjectOptions()
      .then(setProjects)
      .catch(() => setProjects([]));
  }, [ready, preload]);

  return { users, projects };
}
