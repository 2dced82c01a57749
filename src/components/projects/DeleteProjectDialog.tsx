// The delete confirmation ('Você tem certeza?'), used by the list and the detail screen.
// The confirm button stays disabled while deleting, so a delete cannot be sent twice.
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/AlertDialog';
import { Button } from '../ui/Button';
import { useReturnFocus } from './useReturnFocus';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  deleting: boolean;
  /** Shown under the warning so the user knows which project goes. */
  projectTitle?: string;
  /** Where focus goes on close when the button that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

export function DeleteProjectDialog({ open, onOpenChange, onConfirm, deleting, projectTitle, fallbackFocus }: Props) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Você tem certeza?</AlertDialogTitle>
          <AlertDialogDescription>
            Esta ação não pode ser desfeita. Isso excluirá permanentemente o projeto e removerá seus dados de nossos servidores.
          </AlertDialogDescription>
          {projectTitle !== undefined && (
            <p className="break-words text-sm font-medium text-slate-800 [overflow-wrap:anywhere]">{projectTitle}</p>
          )}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>Cancelar</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog must stay open until the delete answers. */}
          <Button variant="destructive" loading={deleting} onClick={onConfirm}>
            {deleting ? 'Excluindo...' : 'Excluir'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
