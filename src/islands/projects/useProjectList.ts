// State of the projects list on the shared paged-list hook: the first page for the current filters, 'Carregar mais',
// a new project shown at the top, local removal, and the 'Erro ao carregar projetos' toast of a failed read.
import { useCallback, useRef } from 'react';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { errorMessage } from '../../lib/util/error-message';
import { listProjects, type Project } from '../../lib/data/projects';
import { toast } from '../../lib/stores/toast';
import { usePagedList } from '../hooks/usePagedList';
import { PROJECT_LIST, projectListKey } from '../../components/projects/handover-keys';

export function useProjectList(search: string, status: ProjectStatus | '') {
  const onError = useCallback(
    (e: unknown) => toast({ title: 'Erro ao carregar projetos', description: errorMessage(e), variant: 'destructive' }),
    [],
  );
  const list = usePagedList((offset) => listProjects({ search, status, offset }), projectListKey(search, status), {
    enabled: true,
    onError,
    remember: PROJECT_LIST,
  });

  const { setRows, setTotal } = list;
  const rowsRef = useRef(list.rows);
  rowsRef.current = list.rows;
  const remove = useCallback(
    (id: string) => {
      setRows((current) => current.filter((r) => r.id !== id));
      setTotal((t) => Math.max(0, t - 1));
    },
    [setRows, setTotal],
  );

  /** A project just created goes on top, once, when the current search and status filter would list it. */
  const prepend = useCallback(
    (project: Project) => {
      if (status && project.status !== status) return;
      if (search && !project.title.toLocaleLowerCase('pt-BR').includes(search.toLocaleLowerCase('pt-BR'))) return;
      if (rowsRef.current.some((r) => r.id === project.id)) return;
      setRows((current) => [project, ...current.filter((r) => r.id !== project.id)]);
      setTotal((t) => t + 1);
    },
    [search, status, setRows, setTotal],
  );

  return {
    rows: list.rows,
    total: list.total,
    loading: list.refreshing,
    failed: list.status === 'error',
    loadingMore: list.loadingMore,
    hasMore: list.hasMore,
    loadMore: list.loadMore,
    prepend,
    remove,
    retry: list.reload,
  };
}
