// /admin/clients: the agency's clients, newest first, searched and paged by the server.
import { useEffect, useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import { clientStatusCounts, deleteClient, listClients, type ClientListItem, type ClientStatusCounts } from '../lib/data/clients';
import { ignoreNotFound } from '../lib/data/data-errors';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { AdminPageHeader } from '../components/admin/AdminPageHeader';
import { ClientRowActions } from '../components/admin/ClientRowActions';
import { askToDeleteClient } from '../components/admin/askToDeleteClient';
import { ClientsTable } from '../components/clients/ClientsTable';
import { useDebouncedValue } from '../components/hooks/useDebouncedValue';
import { usePagedList } from './hooks/usePagedList';
import { buttonClasses } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { ListFooter } from '../components/ui/ListFooter';
import { ListEmpty, ListError, ListLoading } from '../components/ui/ListPanels';
import { LIMITS } from '../lib/domain/field-limits';

/** Shown with the server message when the list cannot be read (a hint about row-level security). */
export const RLS_HINT =
  'Verifique se as políticas de segurança em nível de linha (RLS) da tabela clients permitem a leitura por administradores.';

function sumCounts(counts: ClientStatusCounts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

export default function AdminClientsScreen() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  // Y of 'Exibindo X de Y clientes.': every agency client, also while a search narrows the rows on screen.
  const [agencyTotal, setAgencyTotal] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const list = usePagedList<ClientListItem>((offset) => listClients({ search, offset }), search, {
    enabled: true,
    onError: (error) => {
      const message = errorMessage(error, '');
      toast({ title: 'Erro ao carregar clientes', description: `${message ? `${message} ` : ''}${RLS_HINT}`, variant: 'destructive' });
    },
  });

  useEffect(() => {
    clientStatusCounts()
      .then((counts) => setAgencyTotal(sumCounts(counts)))
      .catch(() => setAgencyTotal(null));
  }, []);

  const remove = async (client: ClientListItem) => {
    setDeletingId(client.id);
    try {
      await deleteClient(client.id).catch(ignoreNotFound); // already gone: what the admin wanted
      list.setRows((rows) => rows.filter((r) => r.id !== client.id));
      list.setTotal((t) => Math.max(0, t - 1));
      setAgencyTotal((t) => (t === null ? null : Math.max(0, t - 1)));
      toast({ title: 'Cliente excluído', description: `O cadastro de "${client.full_name}" foi excluído.` });
    } catch (error) {
      toast({ title: 'Erro ao excluir', description: errorMessage(error, 'Não foi possível excluir o cliente.'), variant: 'destructive' });
    } finally {
      setDeletingId(null);
    }
  };

  const askDelete = (client: ClientListItem) => {
    if (deletingId) return;
    askToDeleteClient(client.full_name, () => void remove(client));
  };

  const total = list.status === 'error' ? 0 : (agencyTotal ?? list.total ?? list.rows.length);

  return (
    <div>
      <AdminPageHeader
        title="Gestão de Clientes"
        description="Os clientes da agência: os leads cadastrados pela equipe e as contas do portal."
        actions={
          <a href="/admin/clients/new" className={buttonClasses('default')}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Adicionar Cliente
          </a>
        }
      />

      <div className="mb-4 max-w-md">
        <label htmlFor="admin-clients-search" className="sr-only">
          Buscar clientes
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id="admin-clients-search"
            type="search"
            placeholder="Buscar por nome, e-mail ou empresa..."
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            maxLength={LIMITS.search}
            className="pl-9"
          />
        </div>
      </div>

      {list.status === 'loading' ? (
        <ListLoading label="Carregando clientes..." />
      ) : (
        <section aria-label="Lista de clientes" aria-busy={list.refreshing}>
          {list.status === 'error' ? (
            <ListError message={`Erro ao carregar clientes. ${RLS_HINT}`} onRetry={list.reload} />
          ) : list.rows.length === 0 ? (
            <ListEmpty>
              <p className="text-sm text-slate-600">{search ? 'Nenhum cliente corresponde à busca.' : 'Nenhum cliente cadastrado ainda.'}</p>
            </ListEmpty>
          ) : (
            <div className={list.refreshing ? 'opacity-60 transition-opacity' : undefined}>
              <ClientsTable
                rows={list.rows}
                audience="admin"
                rowTestId="admin-client"
                actions={(row) => <ClientRowActions row={row} deleting={deletingId === row.id} onDelete={askDelete} />}
              />
            </div>
          )}
          <ListFooter
            shown={list.rows.length}
            total={total}
            hasMore={list.hasMore}
            noun="clientes"
            loadingMore={list.loadingMore}
            onLoadMore={list.loadMore}
          />
        </section>
      )}
    </div>
  );
}
