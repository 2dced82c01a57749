// /admin/clients/{clientId}: one prerendered shell; the id comes from the URL. The client, then its portal account's
// projects and tickets.
import { useEffect, useState } from 'react';
import { accountActivity } from '../lib/data/client-links';
import { askToDeleteClient } from '../components/admin/askToDeleteClient';
import { ClientAccountActivity, type ActivityState } from '../components/admin/ClientAccountActivity';
import { ClientDetailView } from '../components/clients/ClientDetailView';
import { BackLink, ClientLoading, ClientNotFound } from '../components/clients/ClientScreenParts';
import { useClientDetail } from '../components/clients/useClientDetail';
import { CLIENT_ROUTES } from '../components/clients/useClientForm';

const ROUTES = CLIENT_ROUTES.admin;

export default function AdminClientDetailScreen() {
  const { view, deleting, remove } = useClientDetail(ROUTES.list);
  const [activity, setActivity] = useState<ActivityState>(null);
  const accountId = view.kind === 'ready' ? view.client.account_user_id : undefined;

  useEffect(() => {
    if (accountId === undefined) return;
    if (accountId === null) return setActivity('no-account');
    let active = true;
    accountActivity(accountId)
      .then((found) => active && setActivity(found))
      .catch(() => active && setActivity('error'));
    return () => {
      active = false;
    };
  }, [accountId]);

  if (view.kind === 'loading') return <ClientLoading />;
  if (view.kind === 'not-found') return <ClientNotFound listHref={ROUTES.list} />;
  const { client } = view;
  return (
    <div>
      <BackLink href={ROUTES.list} label="Voltar para clientes" />
      <ClientDetailView
        client={client}
        audience="admin"
        editHref={ROUTES.edit(client.id)}
        deleting={deleting}
        onDelete={() => askToDeleteClient(client.full_name, () => void remove())}
      >
        <ClientAccountActivity state={activity} />
      </ClientDetailView>
    </div>
  );
}
