// Pieces every client screen shares (admin and CRM, form and detail): the back link, the loading spinner, the
// not-found panel and the restored-draft banner.
import { BackLink, ScreenLoading, ScreenUnavailable } from '../ui/ScreenStates';

export { BackLink };

export function ClientLoading() {
  return <ScreenLoading label="Carregando cliente..." />;
}

export function ClientNotFound({ listHref }: { listHref: string }) {
  return (
    <ScreenUnavailable
      title="Cliente não encontrado."
      message="O cliente pode ter sido excluído ou o endereço está incorreto."
      back={{ href: listHref, label: 'Voltar para a lista de clientes' }}
    />
  );
}

export function RestoredDraftBanner({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 sm:flex-row sm:items-center sm:justify-between">
      <span>Recuperamos os dados que você tinha digitado neste formulário.</span>
      <button type="button" onClick={onDiscard} className="self-start font-medium underline sm:self-auto">
        Descartar rascunho
      </button>
    </div>
  );
}
