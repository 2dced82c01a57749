// State of the projects list: the first page for the current filters, 'Carregar mais', local removal.
// Answers of superseded requests (the user typed on) are dropped by a sequence number.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { errorMessage } from '../../lib/util/error-message';
import { listProjects, type Project } from '../../lib/data/projects';
import { toast } from '../../lib/stores/toast';

const LOAD_ERROR = 'Erro ao carregar projetos';

export function useProjectList(search: string, status: ProjectStatus | '') {
  const [rows, setRows] = useState<Project[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    listProjects({ search, status })
      .then((page) => {
        if (mine !== seq.current) return;
        setRows(page.rows);
        setTotal(page.total);
        setHasMore(page.hasMore);
        setFailed(false);
      })
      .catch((e) => {
        if (mine !== seq.current) return;
        toast({ title: LOAD_ERROR, description: errorMessage(e), variant: 'destructive' });
        setFailed(true);
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [search, status, attempt]);

  const loadMore = useCallback(async () => {
    const mine = seq.current;
    setLoadingMore(true);
    try {
      const page = await listProjects({ search, status, offset: rows.length });
      if (mine !== seq.current) return;
      setRows((current) => {
        const seen = new Set(current.map((r) => r.id));
        return [...current, ...page.rows.filter((r) => !seen.has(r.id))];
      });
      setTotal(page.total);
      setHasMore(page.hasMore);
    } catch (e) {
      toast({ title: LOAD_ERROR, description: errorMessage(e), variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }, [search, status, rows.length]);

  const remove = useCallback((id: string) => {
    setRows((current) => current.filter((r) => r.id !== id));
    setTotal((t) => (t === null ? null : Math.max(0, t - 1)));
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { rows, total, loading, failed, loadingMore, hasMore, loadMore, remove, retry };
}
