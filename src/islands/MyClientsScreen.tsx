// /my-clients: the user's own CRM ('Gestão de Clientes (CRM)').
import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { toast } from '../lib/stores/toast';
import { clientStatusCounts, deleteClient, listClients, type ClientListItem, type ClientStatusCounts } from '../lib/data/clients';
import { clientDeleteQuestion, isClientStatus } from '../lib/domain/client-rules';
import { ClientStatusOverview } from '../components/crm/ClientStatusOverview';
import { ClientRowMenu } from '../components/crm/ClientRowMenu';
import { ClientsTable } from '../components/clients/ClientsTable';
import { useDebouncedValue } from '../components/hooks/useDebouncedValue';
import { useFrameValues } from '../components/hooks/useFrameValues';
import { usePagedList } from './hooks/usePagedList';
import { buttonClasses } from '../components/ui/Button';
import { NoMatch, PagedList } from '../components/ui/PagedList';
import { errorMessage } from '../lib/util/error-message';
import { CLIENT_FILTER_NAMES, CLIENT_LIST, ClientFilters, MyClientsHeader, clientListKey } from '../components/crm/MyClientsFrame';
import { ConfirmDelete } from '../components/projects/lazy-dialogs';
import { useConfirmDelete } from './hooks/useConfirmDelete';

/** The screen's first data calls, as it makes them with no filter (the page sends them early and paints the rows). */
export const firstRequests = () => Promise.all([listClients({ search: '', status: '', offset: 0 }), clientStatusCounts()]);

export default function MyClientsScreen() {
  const { user } = useStore($auth);
  const userId = user?.id ?? '';
  // What was typed or chosen in the page's frame before this first render is kept, with the focus.
  const frame = useFrameValues(CLIENT_FILTER_NAMES);
  const [searchInput, setSearchInput] = useState(frame.search);
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [status, setStatus] = useState<string>(isClientStatus(frame.status) ? frame.status : '');
  const [counts, setCounts] = useState<ClientStatusCounts | null>(null);
  const [showChart, setShowChart] = useState(false);

  const list = usePagedList<ClientListItem>(
    (offset) => listClients({ search, status: isClientStatus(status) ? status : '', offset }),
    clientListKey(userId, search, status),
    {
      enabled: Boolean(userId),
      remember: CLIENT_LIST,
      onError: (error) =>
        toast({
          title: 'Erro ao carregar clientes',
          description: ['Não foi possível buscar seus clientes.', errorMessage(error, '')].filter(Boolean).join(' '),
          variant: 'destructive',
        }),
    },
  );

  const loadCounts = useCallback(() => {
    clientStatusCounts()
      .then(setCounts)
      .catch(() => setCounts(null));
  }, []);

  useEffect(() => {
    if (userId) loadCounts();
  }, [userId, loadCounts]);

  // The chart (recharts) is fetched only once the table has been painted.
  useEffect(() => {
    if (list.status !== 'ready' || showChart) return;
    const frame = requestAnimationFrame(() => setShowChart(true));
    return () => cancelAnimationFrame(frame);
  }, [list.status, showChart]);

  const removal = useConfirmDelete<ClientListItem>(
    async (client) => {
      await deleteClient(client.id);
      list.setRows((rows) => rows.filter((r) => r.id !== client.id));
      list.setTotal((t) => Math.max(0, t - 1));
      toast({ title: 'Cliente excluído', description: `O cadastro de "${client.full_name}" foi excluído.` });
      loadCounts();
    },
    { title: 'Erro ao excluir cliente', fallback: 'Não foi possível excluir o cliente.' },
  );

  const filtered = Boolean(search || status);
  const clearFilters = () => {
    setSearchInput('');
    setStatus('');
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <MyClientsHeader />

      <ClientStatusOverview counts={counts} showChart={showChart} />

      <section aria-label="Lista de clientes" aria-busy={list.refreshing} className="flex flex-col gap-4">
        <ClientFilters search={searchInput} onSearch={setSearchInput} status={status} onStatus={setStatus} />

        <PagedList
          list={list}
          loadingLabel="Carregando clientes..."
          errorText="Não foi possível buscar seus clientes."
          filtered={filtered}
          emptyFiltered={<NoMatch text="Nenhum cliente corresponde aos filtros." onClear={clearFilters} />}
          empty={
            <>
              <p className="font-medium text-slate-900">Você ainda não cadastrou clientes.</p>
              <a href="/my-clients/new" className={buttonClasses('link')}>
                Adicionar seu primeiro cliente
              </a>
            </>
          }
          footer={{ noun: ['cliente', 'clientes'] }}
        >
          {(rows) => (
            <ClientsTable
              rows={rows}
              audience="crm"
              actions={(row) => <ClientRowMenu row={row} disabled={removal.deletingId === row.id} onDelete={() => removal.ask(row)} />}
            />
          )}
        </PagedList>
      </section>

      <ConfirmDelete
        {...removal.dialog}
        title="Excluir cliente?"
        description={removal.toDelete ? clientDeleteQuestion(removal.toDelete.full_name) : ''}
        fallbackFocus={() => document.querySelector<HTMLElement>('a[href="/my-clients/new"]')}
      />
    </div>
  );
}
