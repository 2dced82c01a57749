// Pieces every client screen shares (admin and CRM, form and detail): the back link, the loading spinner, the
// not-found panel and the restored-draft banner.
import { ArrowLeft } from 'lucide-react';
import { buttonClasses } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </a>
  );
}

export function ClientLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner label="Carregando cliente..." />
    </div>
  );
}

export function ClientNotFound({ listHref }: { listHref: string }) {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Cliente não encontrado.</h1>
      <p className="mt-2 text-sm text-slate-600">O cliente pode ter sido excluído ou o endereço está incorreto.</p>
      <a href={listHref} className={buttonClasses('default', 'default', 'mt-6')}>
        Voltar para a lista de clientes
      </a>
    </div>
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
