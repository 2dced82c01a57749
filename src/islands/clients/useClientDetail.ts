// Loading one client for its page (the id from the URL) and deleting it, for both audiences. A client that does not
// exist, or that the caller may not see, is 'not-found'; another failure goes back to the list with the reason.
import { useEffect, useState } from 'react';
import { deleteClient, getClient, type AdminClientDetail } from '../../lib/data/clients';
import { NotFoundError, ignoreNotFound } from '../../lib/data/data-errors';
import { clientIdFromPath } from '../../lib/domain/client-rules';
import { toast, toastAndGo } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { keptAgencyName, pageTitle } from '../../lib/public/agency-name';

export type DetailView = { kind: 'loading' } | { kind: 'not-found' } | { kind: 'ready'; client: AdminClientDetail };

export function useClientDetail(listHref: string) {
  const [view, setView] = useState<DetailView>({ kind: 'loading' });
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    let active = true;
    getClient(clientIdFromPath(window.location.pathname))
      .then((client) => {
        if (!active) return;
        setView({ kind: 'ready', client });
        document.title = pageTitle(client.full_name, keptAgencyName());
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof NotFoundError) return setView({ kind: 'not-found' });
        toastAndGo(
          { title: 'Erro ao carregar detalhes do cliente', description: errorMessage(error, 'Tente novamente mais tarde.'), variant: 'destructive' },
          listHref,
          { replace: true },
        );
      });
    return () => {
      active = false;
    };
  }, [listHref]);

  /** Deletes the client shown (already gone counts as done) and goes back to the list. */
  const remove = async () => {
    if (view.kind !== 'ready' || deleting) return;
    const { client } = view;
    setDeleting(true);
    try {
      await deleteClient(client.id).catch(ignoreNotFound);
      toastAndGo({ title: 'Cliente excluído', description: `O cadastro de "${client.full_name}" foi excluído.` }, listHref);
    } catch (error) {
      setDeleting(false);
      toast({ title: 'Erro ao excluir', description: errorMessage(error, 'Não foi possível excluir o cliente.'), variant: 'destructive' });
    }
  };

  return { view, deleting, remove };
}
