import { Button } from './Button';

interface Props {
  shown: number;
  /** Null when the server does not count the matches (a search): only the rows shown are told. */
  total: number | null;
  /** The server has more rows: only then 'Carregar mais' shows. */
  hasMore: boolean;
  noun: string;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** 'Exibindo X de Y' and, only when the server has more rows, 'Carregar mais'. */
export function ListFooter({ shown, total, hasMore, noun, loadingMore, onLoadMore }: Props) {
  return (
    <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === null ? `Exibindo ${shown} ${noun}.` : `Exibindo ${shown} de ${total} ${noun}.`}
      </p>
      {hasMore && (
        <Button variant="outline" onClick={onLoadMore} loading={loadingMore}>
          {loadingMore ? 'Carregando...' : 'Carregar mais'}
        </Button>
      )}
    </div>
  );
}

/** 'Carregar mais', centred, only when the server has more rows (lists whose count line is their own). */
export function LoadMoreButton({ hasMore, loading, onLoadMore }: { hasMore: boolean; loading: boolean; onLoadMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" loading={loading} onClick={onLoadMore}>
        Carregar mais
      </Button>
    </div>
  );
}
