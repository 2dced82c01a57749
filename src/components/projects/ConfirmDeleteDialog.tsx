// The one delete confirmation of the signed-in screens (a project, an update, a document, a task, a client): its
// title, what goes, optionally the name of what goes, and a confirm button that stays disabled while the delete runs,
// so it cannot be sent twice.
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
  /** Shown under the warning so the user knows which item goes (a project's title). */
  detail?: string;
  /** Where focus goes on close when the button that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
}

export function ConfirmDeleteDialog({ open, onOpenChange, onConfirm, deleting, title, description, detail, fallbackFocus }: ConfirmDeleteProps) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words [overflow-wrap:anywhere]">{description}</AlertDialogDescription>
          {detail !== undefined && <p className="break-words text-sm font-medium text-slate-800 [overflow-wrap:anywhere]">{detail}</p>}
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
