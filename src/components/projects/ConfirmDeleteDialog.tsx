// A delete confirmation for one item of a project (an update, a document): its title, what goes, and a confirm button
// that stays disabled while the delete runs, so it cannot be sent twice.
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

export interface ConfirmDeleteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  deleting: boolean;
  title: string;
  description: string;
  /** Where focus goes on close when the button that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

export function ConfirmDeleteDialog({ open, onOpenChange, onConfirm, deleting, title, description, fallbackFocus }: ConfirmDeleteProps) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words [overflow-wrap:anywhere]">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>Cancelar</AlertDialogCancel>
          <Button variant="destructive" loading={deleting} onClick={onConfirm}>
            {deleting ? 'Excluindo...' : 'Excluir'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
