import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { $auth } from '../../lib/stores/auth';
import { readLastRows, writeLastRows } from '../../lib/stores/last-rows';
import { forgetPrepaintedRows, prepaintedRows } from '../../lib/stores/prepainted-rows';
import { refreshFirstPage } from '../../lib/data/live-rows';

export type ListStatus = 'loading' | 'ready' | 'error';

export interface Page<T> {
  rows: T[];
  /** The server has rows after this page. */
  hasMore: boolean;
  /** Rows matching the filters, when the server can tell cheaply; null otherwise. */
  total?: number | null;
}

export interface PagedListOptions {
  enabled: boolean;
  onError: (error: unknown) => void;
  /**
   * A name for the list: its first page is kept in this browser for the signed-in user (lib/stores/last-rows), and a
   * later visit with the same filters paints those rows at once, marked `refreshing` until the fresh page replaces them.
   * Rows the page's HTML already painted for this list (lib/stores/prepainted-rows) come first: they are on screen.
   */
  remember?: string;
}

/**
 * Reads a page: `offset` is the number of rows on screen, `after` the last of them when the next page is asked for
 * (a list paged by key starts after it) and null for the first page.
 */
export type FetchPage<T> = (offset: number, after: T | null) => Promise<Page<T>>;

/** A ref holding the latest `value`, written once each render is committed (never during a render). */
function useLatest<V>(value: V) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * A server-paged list: the first page loads whenever `key` (the filters) changes, `loadMore` appends the
 * next page. Answers to an older key are dropped, so fast typing never shows stale rows.
 */
export function usePagedList<T>(fetchPage: FetchPage<T>, key: string, options: PagedListOptions) {
  const [remembered] = useState(() => {
    if (!options.remember) return null;
    const userId = $auth.get().user?.id;
    return prepaintedRows<T>(options.remember, userId, key) ?? readLastRows<T>(options.remember, userId, key);
  });
  const [rows, setRows] = useState<T[]>(remembered?.rows ?? []);
  const [total, setTotal] = useState<number | null>(remembered?.total ?? null);
  const [hasMore, setHasMore] = useState(remembered?.hasMore ?? false);
  const [status, setStatus] = useState<ListStatus>(remembered ? 'ready' : 'loading');
  const [loadingMore, setLoadingMore] = useState(false);
  // The first page is asked for right after the first render: that render already shows the list as loading (with
  // no rows, a skeleton), never as an empty list.
  const [refreshing, setRefreshing] = useState(remembered !== null || options.enabled);
  const remember = options.remember;
  useEffect(() => {
    if (remember) forgetPrepaintedRows(remember);
  }, [remember]);
  const generation = useRef(0);
  /** The rows on screen and whether more exist, for a refresh to merge into. */
  const shownRef = useLatest({ rows, hasMore });
  const rememberRef = useLatest(options.remember);
  const fetchRef = useLatest(fetchPage);
  const keyRef = useLatest(key);
  const onErrorRef = useLatest(options.onError);

  const reload = useCallback(() => {
    const gen = ++generation.current;
    const loadingKey = keyRef.current;
    // After the first load the rows stay on screen while the new filters are fetched.
    setStatus((s) => (s === 'ready' ? 'ready' : 'loading'));
    setRefreshing(true);
    setLoadingMore(false);
    fetchRef
      .current(0, null)
      .then((page) => {
        if (gen !== generation.current) return;
        setRows(page.rows);
        setTotal(page.total ?? null);
        setHasMore(page.hasMore);
        setStatus('ready');
        setRefreshing(false);
        const list = rememberRef.current;
        if (list) {
          const entry = { key: loadingKey, rows: page.rows, total: page.total ?? null, hasMore: page.hasMore };
          writeLastRows(list, $auth.get().user?.id, entry);
        }
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
  }, [fetchRef, keyRef, onErrorRef, rememberRef]);

  useEffect(() => {
    if (options.enabled) reload();
  }, [key, options.enabled, reload]);

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    const gen = generation.current;
    setLoadingMore(true);
    fetchRef
      .current(rows.length, rows.at(-1) ?? null)
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
  }, [fetchRef, onErrorRef, loadingMore, rows]);

  /**
   * Reads the first page again without showing a load (a live change elsewhere): its rows replace those from the top,
   * rows shown below it stay, those pushed off the first page too (see refreshFirstPage). Dropped when the filters
   * changed meanwhile; a failure keeps the rows shown.
   */
  const refresh = useCallback(() => {
    const gen = generation.current;
    fetchRef
      .current(0, null)
      .then((page) => {
        if (gen !== generation.current) return;
        const merged = refreshFirstPage(shownRef.current, page, (r) => (r as { id?: unknown }).id);
        shownRef.current = merged;
        setRows(merged.rows);
        setHasMore(merged.hasMore);
        setTotal(page.total ?? null);
      })
      .catch(() => undefined);
  }, [fetchRef, shownRef]);

  /** Adjusts a known total after a local change (create, delete); an unknown total (null) stays unknown. */
  const adjustTotal = useCallback(
    (update: (total: number) => number) => setTotal((t) => (t === null ? null : update(t))),
    [],
  );

  return { rows, setRows, total, setTotal: adjustTotal, status, refreshing, loadingMore, loadMore, reload, refresh, hasMore };
}
