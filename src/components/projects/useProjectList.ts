// State of the projects list on the shared paged-list hook: the first page for the current filters, 'Carregar mais',
// local removal, and the 'Erro ao carregar projetos' toast of a failed read.
import { useCallback } from 'react';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { errorMessage } from '../../lib/util/error-message';
import { listProjects } from '../../lib/data/projects';
import { toast } from '../../lib/stores/toast';
import { usePagedList } from '../hooks/usePagedList';

export function useProjectList(search: string, status: ProjectStatus | '') {
  const onError = useCallback(
    (e: unknown) => toast({ title: 'Erro ao carregar projetos', description: errorMessage(e), variant: 'destructive' }),
    [],
  );
  const list = usePagedList((offset) => listProjects({ search, status, offset }), `${search}|${status}`, { enabled: true, onError, remember: 'projects' });

  const { setRows, setTotal } = list;
  const remove = useCallback(
    (id: string) => {
      setRows((current) => current.filter((r) => r.id !== id));
      setTotal((t) => Math.max(0, t - 1));
    },
    [setRows, setTotal],
  );

  return {
    rows: list.rows,
    total: list.total,
    loading: list.refreshing,
    failed: list.status === 'error',
    loadingMore: list.loadingMore,
    hasMore: list.hasMore,
    loadMore: list.loadMore,
    remove,
    retry: list.reload,
  };
}
