// /admin/clients/{clientId}: one prerendered shell; the id comes from the URL.
import { useEffect, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { deleteClient, getClient, type AdminClientDetail } from '../lib/data/clients';
import { NotFoundError } from '../lib/data/data-errors';
import { clientIdFromPath } from '../lib/domain/client-rules';
import { toastAndGo } from '../lib/stores/toast';
import { toast } from '../lib/stores/toast';
import { ClientDetailView } from '../components/admin/ClientDetailView';
import { buttonClasses } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';

const LIST = '/admin/clients';

type View = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'ready'; client: AdminClientDetail };

function BackLink() {
  return (
    <a href={LIST} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Voltar para clientes
    </a>
  );
}

export default function AdminClientDetailScreen() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    let active = true;
    const id = clientIdFromPath(window.location.pathname);
    getClient(id)
      .then((client) => {
        if (!active) return;
        setView({ kind: 'ready', client });
        document.title = `${client.full_name} | Portal IA`;
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof NotFoundError) {
          setView({ kind: 'not-found' });
          return;
        }
        toastAndGo(
          {
            title: 'Erro ao carregar detalhes do cliente',
            description: error instanceof Error && error.message ? error.message : 'Tente novamente mais tarde.',
            variant: 'destructive',
          },
          LIST,
          { replace: true },
        );
      });
    return () => {
      active = false;
    };
  }, []);

  if (view.kind === 'loading') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Carregando cliente..." />
      </div>
    );
  }

  if (view.kind === 'not-found') {
    return (
      <div className="mx-auto max-w-xl py-10 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Cliente não encontrado.</h1>
        <p className="mt-2 text-sm text-slate-600">O cliente pode ter sido excluído ou o endereço está incorreto.</p>
        <a href={LIST} className={buttonClasses('default', 'default', 'mt-6')}>
          Voltar para a lista de clientes
        </a>
      </div>
    );
  }

  const { client } = view;

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await deleteClient(client.id);
      toastAndGo({ title: 'Cliente excluído', description: `O cliente "${client.full_name}" foi excluído.` }, LIST);
    } catch (error) {
      setDeleting(false);
      toast({
        title: 'Erro ao excluir',
        description: error instanceof Error && error.message ? error.message : 'Não foi possível excluir o cliente.',
        variant: 'destructive',
      });
    }
  };

  const askDelete = () => {
    toast({
      title: 'Excluir cliente?',
      description: `Tem certeza que deseja excluir o cliente "${client.full_name}"? Esta ação não pode ser desfeita.`,
      variant: 'destructive',
      duration: 15000,
      action: { label: 'Confirmar Exclusão', onClick: () => void confirmDelete() },
    });
  };

  return (
    <div>
      <BackLink />
      <ClientDetailView
        client={client}
        deleting={deleting}
        onEdit={() => toast({ title: 'Editar não implementado', description: 'A edição de clientes ainda não está disponível.' })}
        onDelete={askDelete}
      />
    </div>
  );
}
