import { Button } from '../ui/Button';

interface Props {
  shown: number;
  total: number;
  noun: string;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** 'Exibindo X de Y' and, only when the server has more rows, 'Carregar mais'. */
export function ListFooter({ shown, total, noun, loadingMore, onLoadMore }: Props) {
  return (
    <div className="mt-4 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
      <p className="text-sm text-slate-600" aria-live="polite">
        Exibindo {shown} de {total} {noun}.
      </p>
      {shown < total && (
        <Button variant="outline" onClick={onLoadMore} loading={loadingMore}>
          {loadingMore ? 'Carregando...' : 'Carregar mais'}
        </Button>
      )}
    </div>
  );
}
