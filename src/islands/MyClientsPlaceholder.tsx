// /my-clients/new, /my-clients/{clientId}, /my-clients/edit/{clientId}: placeholder pages
// (a heading and the id, no working form).
import { ArrowLeft } from 'lucide-react';
import { buttonClasses } from '../components/ui/Button';
import { clientIdFromPath } from '../lib/domain/client-rules';

type Kind = 'new' | 'detail' | 'edit';

const HEADINGS: Record<Kind, string> = {
  new: 'Adicionar Novo Cliente',
  detail: 'Detalhes do Cliente',
  edit: 'Editar Cliente',
};

export default function MyClientsPlaceholder({ kind }: { kind: Kind }) {
  const id = kind === 'new' ? '' : clientIdFromPath(window.location.pathname);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <a href="/my-clients" className={buttonClasses('ghost', 'sm', 'self-start')}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Voltar para Meus Clientes
      </a>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{HEADINGS[kind]}</h1>
        {kind !== 'new' && (
          <p className="mt-2 break-all text-sm text-slate-700">
            ID do cliente: <span className="font-mono" data-testid="client-id">{id && id !== '_' ? id : '—'}</span>
          </p>
        )}
        <p className="mt-4 text-sm text-slate-600">
          {kind === 'new'
            ? 'O formulário de cadastro de clientes ainda não está disponível.'
            : kind === 'edit'
              ? 'O formulário de edição de clientes ainda não está disponível.'
              : 'A página de detalhes do cliente ainda não está disponível.'}
        </p>
      </div>
    </div>
  );
}
