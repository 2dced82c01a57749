// The Radix dialogs of the project screens, loaded only when first needed: they are not part of the
// first paint, and keeping them out of the initial bundle keeps the screens inside their JS budget.
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';

export const loadPlanPicker = () => import('./PlanPickerDialog');
export const loadDeleteDialog = () => import('./DeleteProjectDialog');
export const loadConfirmDelete = () => import('./ConfirmDeleteDialog');

/** True from the first time `open` is true (the dialog then stays mounted, so closing animates and returns focus). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A lazily loaded dialog that mounts the first time it opens. */
function mountedWhenOpened<P extends { open: boolean }>(Dialog: ComponentType<P>) {
  return function LazyDialog(props: P) {
    const opened = useOpenedOnce(props.open);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}

const PlanPickerLazy = lazy(() => loadPlanPicker().then((m) => ({ default: m.PlanPickerDialog })));
const DeleteDialogLazy = lazy(() => loadDeleteDialog().then((m) => ({ default: m.DeleteProjectDialog })));
const ConfirmDeleteLazy = lazy(() => loadConfirmDelete().then((m) => ({ default: m.ConfirmDeleteDialog })));

export const PlanPicker = mountedWhenOpened<ComponentProps<typeof PlanPickerLazy>>(PlanPickerLazy);
export const DeleteProjectConfirm = mountedWhenOpened<ComponentProps<typeof DeleteDialogLazy>>(DeleteDialogLazy);
/** The confirmation before deleting an update or a document. */
export const ConfirmDelete = mountedWhenOpened<ComponentProps<typeof ConfirmDeleteLazy>>(ConfirmDeleteLazy);
