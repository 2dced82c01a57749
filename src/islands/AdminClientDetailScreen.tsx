// /admin/clients/{clientId}: one prerendered shell; the id comes from the URL. The client, then its portal account's
// projects, tickets and invoices.
import { lazy, Suspense, useEffect, useState } from 'react';
import { askToDeleteClient } from '../components/admin/askToDeleteClient';
import type { ActivityState } from '../components/admin/ClientAccountActivity';
import { ClientDetailView } from '../components/clients/ClientDetailView';
import { BackLink, ClientLoading, ClientNotFound } from '../components/clients/ClientScreenParts';
import { useClientDetail } from './clients/useClientDetail';
import { CLIENT_ROUTES } from '../components/clients/client-routes';

const ROUTES = CLIENT_ROUTES.admin;

// The account's lists (and the project and ticket pieces they draw) are fetched after the client is on screen.
const ClientAccountActivity = lazy(() =>
  import('../components/admin/ClientAccountActivity').then((m) => ({ default: m.ClientAccountActivity })),
);
const InvoiceDesk = lazy(() => import('./billing/InvoiceDesk').then((m) => ({ default: m.InvoiceDesk })));

export default function AdminClientDetailScreen() {
  const { view, deleting, remove } = useClientDetail(ROUTES.list);
  const [activity, setActivity] = useState<ActivityState>(null);
  const accountId = view.kind === 'ready' ? view.client.account_user_id : undefined;

  useEffect(() => {
    if (accountId === undefined) return;
    if (accountId === null) return setActivity('no-account');
    let active = true;
    import('../lib/data/client-links')
      .then(({ accountActivity }) => accountActivity(accountId))
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
        <Suspense fallback={null}>
          <ClientAccountActivity state={activity} />
        </Suspense>
        {accountId ? (
          <Suspense fallback={null}>
            <div className="mt-6">
              <InvoiceDesk clientId={accountId} />
            </div>
          </Suspense>
        ) : null}
      </ClientDetailView>
    </div>
  );
}
