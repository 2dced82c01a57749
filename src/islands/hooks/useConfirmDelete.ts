// A delete that asks first: the item the confirmation asks about, the delete while it runs (a second click does
// nothing), a failure said by a toast, and the dialog closed either way (the item stays on screen when it failed).
import { useState } from 'react';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';

interface Failure {
  /** The toast's title, e.g. 'Erro ao excluir tarefa'. */
  title: string;
  /** Said when the error has no text of its own; the generic pt-BR text otherwise. */
  fallback?: string;
}

/** `remove` deletes the item and updates the screen (rows, counts, the success toast); it throws on failure. */
export function useConfirmDelete<T extends { id: string }>(remove: (item: T) => Promise<void>, failure: Failure) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function confirm() {
    const item = toDelete;
    if (!item || deletingId) return;
    setDeletingId(item.id);
    try {
      await remove(item);
    } catch (error) {
      const description = failure.fallback ? errorMessage(error, '') || failure.fallback : errorMessage(error);
      toast({ title: failure.title, description, variant: 'destructive' });
    } finally {
      setDeletingId(null);
      setToDelete(null);
    }
  }

  return {
    /** The item the confirmation asks about; null while it is closed. */
    toDelete,
    ask: (item: T) => setToDelete(item),
    /** The id being deleted, to disable that row's actions. */
    deletingId,
    /** The confirmation dialog's state and actions. */
    dialog: {
      open: toDelete !== null,
      onOpenChange: (open: boolean) => !open && setToDelete(null),
      onConfirm: () => void confirm(),
      deleting: deletingId !== null,
    },
  };
}
