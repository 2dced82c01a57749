// The console's delete confirmation, the same from the list and from the detail: a toast asking the question, with
// 'Confirmar Exclusão' as its action.
import { clientDeleteQuestion } from '../../lib/domain/client-rules';
import { toast } from '../../lib/stores/toast';

export function askToDeleteClient(name: string, onConfirm: () => void): void {
  toast({
    title: 'Excluir cliente?',
    description: clientDeleteQuestion(name),
    variant: 'destructive',
    duration: 15000,
    action: { label: 'Confirmar Exclusão', onClick: onConfirm },
  });
}
