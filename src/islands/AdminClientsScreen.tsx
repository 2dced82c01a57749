// /admin/clients: the agency's clients, newest first, searched and paged by the server.
import { useEffect, useState } from 'react';
import Plus from 'lucide-react/icons/plus';
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
import { PagedList } from '../components/ui/PagedList';
import { SearchInput } from '../components/ui/SearchInput';

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

      <SearchInput
        id="admin-clients-search"
        value={searchInput}
        onChange={setSearchInput}
        label="Buscar clientes"
        placeholder="Buscar por nome, e-mail ou empresa..."
        className="mb-4 max-w-md"
      />

      <PagedList
        list={list}
        section="Lista de clientes"
        loadingLabel="Carregando clientes..."
        errorText={`Erro ao carregar clientes. ${RLS_HINT}`}
        filtered={Boolean(search)}
        emptyFiltered={<p className="text-sm text-slate-600">Nenhum cliente corresponde à busca.</p>}
        empty={<p className="text-sm text-slate-600">Nenhum cliente cadastrado ainda.</p>}
        footer={{ noun: 'clientes', total }}
        footerAlways
      >
        {(rows) => (
          <ClientsTable
            rows={rows}
            audience="admin"
            rowTestId="admin-client"
            actions={(row) => <ClientRowActions row={row} deleting={deletingId === row.id} onDelete={askDelete} />}
          />
        )}
      </PagedList>
    </div>
  );
}
