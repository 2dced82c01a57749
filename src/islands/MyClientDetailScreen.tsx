// /my-clients/{clientId}: a contact of the user's own CRM ('Detalhes do Cliente'). One prerendered shell; the id
// comes from the URL. Deleting asks the browser's confirmation, as the list does.
import { clientDeleteQuestion } from '../lib/domain/client-rules';
import { ClientDetailView } from '../components/clients/ClientDetailView';
import { BackLink, ClientLoading, ClientNotFound } from '../components/clients/ClientScreenParts';
import { useClientDetail } from '../components/clients/useClientDetail';
import { CLIENT_ROUTES } from '../components/clients/client-routes';

const ROUTES = CLIENT_ROUTES.crm;

export default function MyClientDetailScreen() {
  const { view, deleting, remove } = useClientDetail(ROUTES.list);
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
        onDelete={() => {
          if (window.confirm(clientDeleteQuestion(client.full_name))) void remove();
        }}
      />
    </div>
  );
}
