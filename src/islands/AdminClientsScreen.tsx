// /admin/clients: every client of every owner, newest first, searchable on screen.
import { useEffect, useMemo, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import { filterClients, listAllClients, type AdminClientListItem } from '../lib/data/clients';
import { toast } from '../lib/stores/toast';
import { AdminPageHeader } from '../components/admin/AdminPageHeader';
import { ClientCards, ClientsTable } from '../components/admin/ClientsTable';
import { buttonClasses } from '../components/ui/Button';
import { Input } from '../components/ui/Input';
import { Spinner } from '../components/ui/Spinner';

/** Shown with the server message when the list cannot be read (a hint about row-level security). */
export const RLS_HINT =
  'Verifique se as políticas de segurança em nível de linha (RLS) da tabela clients permitem a leitura por administradores.';

type LoadState = 'loading' | 'ready' | 'error';

const stubEdit = () =>
  toast({ title: 'Editar não implementado', description: 'A edição de clientes ainda não está disponível.' });
const stubDelete = () =>
  toast({ title: 'Excluir não implementado', description: 'Para excluir um cliente, abra os detalhes dele e use o botão Excluir.' });

export default function AdminClientsScreen() {
  const [rows, setRows] = useState<AdminClientListItem[]>([]);
  const [state, setState] = useState<LoadState>('loading');
  const [search, setSearch] = useState('');

  useEffect(() => {
    let active = true;
    listAllClients()
      .then((data) => {
        if (!active) return;
        setRows(data);
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!active) return;
        const message = error instanceof Error && error.message ? `${error.message} ` : '';
        toast({ title: 'Erro ao carregar clientes', description: `${message}${RLS_HINT}`, variant: 'destructive' });
        setRows([]);
        setState('error');
      });
    return () => {
      active = false;
    };
  }, []);

  const visible = useMemo(() => filterClients(rows, search), [rows, search]);

  return (
    <div>
      <AdminPageHeader
        title="Gestão de Clientes"
        description="Todos os clientes cadastrados no portal, de todos os usuários."
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
            placeholder="Buscar por nome, email, empresa ou telefone..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
      </div>

      {state === 'loading' ? (
        <div className="flex justify-center py-16">
          <Spinner label="Carregando clientes..." />
        </div>
      ) : (
        <>
          {state === 'error' && (
            <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
              Erro ao carregar clientes. {RLS_HINT}
            </p>
          )}
          {visible.length > 0 ? (
            <>
              {/* The table needs the width of a desktop screen; below that the same rows are cards. */}
              <div className="hidden xl:block">
                <ClientsTable rows={visible} onEdit={stubEdit} onDelete={stubDelete} />
              </div>
              <div className="xl:hidden">
                <ClientCards rows={visible} onEdit={stubEdit} onDelete={stubDelete} />
              </div>
            </>
          ) : (
            state === 'ready' && (
              <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-sm text-slate-600">
                {rows.length === 0 ? 'Nenhum cliente cadastrado ainda.' : 'Nenhum cliente corresponde à busca.'}
              </div>
            )
          )}
          <p className="mt-4 text-sm text-slate-600" aria-live="polite">
            {`Exibindo ${visible.length} de ${rows.length} clientes.`}
          </p>
        </>
      )}
    </div>
  );
}
