import { useCallback, useEffect, useRef, useState } from 'react';

export type ListStatus = 'loading' | 'ready' | 'error';

export interface Page<T> {
  rows: T[];
  /** The server has rows after this page. */
  hasMore: boolean;
  /** Rows matching the filters, when the server can tell cheaply; null otherwise. */
  total?: number | null;
}

/**
 * A server-paged list: the first page loads whenever `key` (the filters) changes, `loadMore` appends the
 * next page. Answers to an older key are dropped, so fast typing never shows stale rows.
 */
export function usePagedList<T>(
  fetchPage: (offset: number) => Promise<Page<T>>,
  key: string,
  options: { enabled: boolean; onError: (error: unknown) => void },
) {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [status, setStatus] = useState<ListStatus>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const generation = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const onErrorRef = useRef(options.onError);
  onErrorRef.current = options.onError;

  const reload = useCallback(() => {
    const gen = ++generation.current;
    // After the first load the rows stay on screen while the new filters are fetched.
    setStatus((s) => (s === 'ready' ? 'ready' : 'loading'));
    setRefreshing(true);
    setLoadingMore(false);
    fetchRef
      .current(0)
      .then((page) => {
        if (gen !== generation.current) return;
        setRows(page.rows);
        setTotal(page.total ?? null);
        setHasMore(page.hasMore);
        setStatus('ready');
        setRefreshing(false);
      })
      .catch((error: unknown) => {
        if (gen !== generation.current) return;
        setRows([]);
        setTotal(null);
        setHasMore(false);
        setStatus('error');
        setRefreshing(false);
        onErrorRef.current(error);
      });
  }, []);

  useEffect(() => {
    if (options.enabled) reload();
  }, [key, options.enabled, reload]);

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    const gen = generation.current;
    setLoadingMore(true);
    fetchRef
      .current(rows.length)
      .then((page) => {
        if (gen !== generation.current) return;
        // Rows created meanwhile shift the pages; skip any row already on screen.
        setRows((current) => {
          const seen = new Set(current.map((r) => (r as { id?: unknown }).id));
          return [...current, ...page.rows.filter((r) => !seen.has((r as { id?: unknown }).id))];
        });
        setTotal(page.total ?? null);
        setHasMore(page.hasMore);
      })
      .catch((error: unknown) => {
        if (gen === generation.current) onErrorRef.current(error);
      })
      .finally(() => {
        if (gen === generation.current) setLoadingMore(false);
      });
  }, [loadingMore, rows.length]);

  /** Adjusts a known total after a local change (create, delete); an unknown total (null) stays unknown. */
  const adjustTotal = useCallback(
    (update: (total: number) => number) => setTotal((t) => (t === null ? null : update(t))),
    [],
  );

  return { rows, setRows, total, setTotal: adjustTotal, status, refreshing, loadingMore, loadMore, reload, hasMore };
}
