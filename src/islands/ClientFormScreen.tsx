// The client form's screens: /admin/clients/new, /admin/clients/edit/{id}, /my-clients/new, /my-clients/edit/{id}.
// The edit pages are one prerendered shell each; the id comes from the URL.
import { useState } from 'react';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import { clientIdFromPath } from '../lib/domain/client-rules';
import { AdminPageHeader } from '../components/admin/AdminPageHeader';
import { ClientForm, type ClientAudience } from '../components/clients/ClientForm';
import { BackLink, ClientLoading, ClientNotFound, RestoredDraftBanner } from '../components/clients/ClientScreenParts';
import { useClientForm, type Problem } from './clients/useClientForm';
import { Button } from '../components/ui/Button';

interface Props {
  audience: ClientAudience;
  mode: 'new' | 'edit';
}

const BACK: Record<ClientAudience, string> = { admin: 'Voltar para clientes', crm: 'Voltar para Meus Clientes' };

function SaveProblem({ problem, failure, reloading, onReload }: { problem: Problem; failure: string | null; reloading: boolean; onReload: () => void }) {
  if (problem === 'conflict') {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="flex items-start gap-2">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            Este cliente foi alterado em outra aba ou por outra pessoa depois que você abriu o formulário. Suas alterações não
            foram salvas, mas continuam no formulário. Recarregue a versão atual e salve para substituí-la, ou clique em Cancelar
            para descartar suas alterações.
          </span>
        </p>
        <Button type="button" variant="outline" loading={reloading} onClick={onReload} className="self-start">
          Recarregar versão atual
        </Button>
      </div>
    );
  }
  if (problem === 'reloaded') {
    return (
      <p role="status" className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
        Versão atual carregada. Suas alterações continuam no formulário: salve para substituí-la.
      </p>
    );
  }
  if (!failure) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {failure}
    </p>
  );
}

export default function ClientFormScreen({ audience, mode }: Props) {
  const [editId] = useState(() => (mode === 'edit' ? clientIdFromPath(window.location.pathname) : null));
  const form = useClientForm(audience, editId);
  const { routes, load } = form;

  if (load.kind === 'loading') return <ClientLoading />;
  if (load.kind === 'not-found') return <ClientNotFound listHref={routes.list} />;

  const title = mode === 'new' ? 'Adicionar Novo Cliente' : 'Editar Cliente';
  const cancelHref = load.kind === 'ready' ? routes.detail(load.client.id) : routes.list;
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href={load.kind === 'ready' ? cancelHref : routes.list} label={load.kind === 'ready' ? 'Voltar para o cliente' : BACK[audience]} />
      <AdminPageHeader
        title={title}
        description={load.kind === 'ready' ? `Altere os dados de ${load.client.full_name}. Campos marcados com * são obrigatórios.` : 'Campos marcados com * são obrigatórios.'}
      />
      {form.restored && <RestoredDraftBanner onDiscard={form.discardDraft} />}
      <ClientForm
        audience={audience}
        label={mode === 'new' ? 'Novo cliente' : 'Editar cliente'}
        values={form.values}
        errors={form.errors}
        saving={form.saving}
        staff={form.staff}
        notice={
          (form.problem || form.failure) && (
            <SaveProblem problem={form.problem} failure={form.failure} reloading={form.reloading} onReload={form.reloadCurrent} />
          )
        }
        onChange={form.change}
        onSubmit={form.submit}
        cancelHref={cancelHref}
        onCancel={form.clearDraft}
        nameFromAccount={load.kind === 'ready' && load.client.account_user_id !== null}
      />
    </div>
  );
}
