// The body of a server-paged list: while its first page loads, a loading panel; a failed read, the error with a retry;
// no rows, the empty panel (what the screen gives for 'nothing matches the filters' or for 'nothing yet'); otherwise the
// rows the screen draws and the footer ('Exibindo N de M …' and 'Carregar mais', or only 'Carregar mais'). The list's
// state and its actions come as props; it calls nothing itself.
import type { ReactNode } from 'react';
import { Button } from './Button';
import { ListFooter, LoadMoreButton } from './ListFooter';
import { ListEmpty, ListError, ListLoading } from './ListPanels';

/** What a paged list shows and what it can do (the state and actions of the islands' `usePagedList`). */
export interface PagedListState<T> {
  status: 'loading' | 'ready' | 'error';
  rows: T[];
  /** Rows matching the filters when the server counted them; null otherwise. */
  total: number | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** A page is being read while the rows shown stay on screen (they are dimmed). */
  refreshing: boolean;
  reload: () => void;
  loadMore: () => void;
}

/**
 * The footer under the rows: the count of what is shown ('Exibindo N de M <noun>.', with `total` in place of the list's
 * own when given; null tells only N) and 'Carregar mais', or 'load-more' for the button alone (a list whose count the
 * screen shows elsewhere). A noun given as [one, other] takes its singular when the count is 1.
 */
export type PagedListFooter = { noun: string | readonly [one: string, other: string]; total?: number | null } | 'load-more';

interface Props<T> {
  list: PagedListState<T>;
  loadingLabel: string;
  /** The error panel's text; without it a failed read shows the empty state (the failure was told by a toast). */
  errorText?: string;
  /** Whether a search or filter narrows the list: `emptyFiltered` then shows instead of `empty`. */
  filtered?: boolean;
  /** The empty panel's content when nothing exists yet; without it an empty list draws its rows (an empty table). */
  empty?: ReactNode;
  emptyFiltered?: ReactNode;
  footer: PagedListFooter;
  /**
   * After the first load, the list (rows, error or empty panel, and the footer) sits in a `<section>` with this label,
   * marked busy while a page is read. Without it the screen draws the section around the filters and the list.
   */
  section?: string;
  /** With `section`: the footer shows also under the error and empty panels ('Exibindo 0 de M …'). */
  footerAlways?: boolean;
  /** The rows are dimmed while a refresh reads them again (in a wrapper); false draws them bare. */
  dim?: boolean;
  /** Replace the standard loading and empty panels (a list with a look of its own). */
  loadingPanel?: ReactNode;
  emptyPanel?: ReactNode;
  children: (rows: T[]) => ReactNode;
}

export function PagedList<T>(props: Props<T>) {
  const { list, footer, section, dim = true } = props;
  if (list.status === 'loading') return props.loadingPanel ?? <ListLoading label={props.loadingLabel} />;

  const failed = list.status === 'error' && props.errorText !== undefined;
  const empty = !failed && list.rows.length === 0 && (props.empty !== undefined || props.emptyPanel !== undefined);
  const footerNode = <Footer list={list} footer={footer} />;
  const rows = () => props.children(list.rows);
  const body = failed ? (
    <ListError message={props.errorText ?? ''} onRetry={list.reload} />
  ) : empty ? (
    (props.emptyPanel ?? <ListEmpty>{props.filtered ? props.emptyFiltered : props.empty}</ListEmpty>)
  ) : null;

  if (section !== undefined) {
    return (
      <section aria-label={section} aria-busy={list.refreshing}>
        {body ?? <Dimmed refreshing={list.refreshing}>{rows()}</Dimmed>}
        {(body === null || props.footerAlways) && footerNode}
      </section>
    );
  }
  if (body) return body;
  if (!dim) {
    return (
      <>
        {rows()}
        {footerNode}
      </>
    );
  }
  return (
    <Dimmed refreshing={list.refreshing}>
      {rows()}
      {footerNode}
    </Dimmed>
  );
}

function Dimmed({ refreshing, children }: { refreshing: boolean; children: ReactNode }) {
  return <div className={refreshing ? 'opacity-60 transition-opacity' : undefined}>{children}</div>;
}

function Footer<T>({ list, footer }: { list: PagedListState<T>; footer: PagedListFooter }) {
  if (footer === 'load-more') return <LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />;
  const total = footer.total === undefined ? list.total : footer.total;
  const noun = typeof footer.noun === 'string' ? footer.noun : footer.noun[(total ?? list.rows.length) === 1 ? 0 : 1];
  return (
    <ListFooter
      shown={list.rows.length}
      total={total}
      hasMore={list.hasMore}
      noun={noun}
      loadingMore={list.loadingMore}
      onLoadMore={list.loadMore}
    />
  );
}

/** The empty panel's content when filters match nothing: the sentence and 'Limpar filtros'. */
export function NoMatch({ text, onClear }: { text: string; onClear: () => void }) {
  return (
    <>
      <p className="font-medium text-slate-900">{text}</p>
      <Button variant="outline" onClick={onClear}>
        Limpar filtros
      </Button>
    </>
  );
}
