// /my-clients/{clientId}: a contact of the user's own CRM ('Detalhes do Cliente'). One prerendered shell; the id
// comes from the URL. Deleting asks for confirmation in the product's dialog, as the list does.
import { useState } from 'react';
import { clientDeleteQuestion } from '../lib/domain/client-rules';
import { ConfirmDelete } from '../components/projects/lazy-dialogs';
import { ClientDetailView } from '../components/clients/ClientDetailView';
import { BackLink, ClientLoading, ClientNotFound } from '../components/clients/ClientScreenParts';
import { useClientDetail } from './clients/useClientDetail';
import { CLIENT_ROUTES } from '../components/clients/client-routes';

const ROUTES = CLIENT_ROUTES.crm;

export default function MyClientDetailScreen() {
  const { view, deleting, remove } = useClientDetail(ROUTES.list);
  const [confirming, setConfirming] = useState(false);
  if (view.kind === 'loading') return <ClientLoading />;
  if (view.kind === 'not-found') return <ClientNotFound listHref={ROUTES.list} />;
  const { client } = view;
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink href={ROUTES.list} label="Voltar para Meus Clientes" />
      <ClientDetailView
        client={client}
        audience="crm"
        title="Detalhes do Cliente"
        editHref={ROUTES.edit(client.id)}
        deleting={deleting}
        onDelete={() => setConfirming(true)}
      />
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => void remove()}
        deleting={deleting}
        title="Excluir cliente?"
        description={clientDeleteQuestion(client.full_name)}
      />
    </div>
  );
}
