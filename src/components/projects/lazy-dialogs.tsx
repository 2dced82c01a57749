// The Radix dialogs of the project screens, loaded only when first needed: they are not part of the
// first paint, and keeping them out of the initial bundle keeps the screens inside their JS budget.
import { lazy, Suspense, useState, type ComponentProps } from 'react';

export const loadPlanPicker = () => import('./PlanPickerDialog');
export const loadDeleteDialog = () => import('./DeleteProjectDialog');

const PlanPickerLazy = lazy(() => loadPlanPicker().then((m) => ({ default: m.PlanPickerDialog })));
const DeleteDialogLazy = lazy(() => loadDeleteDialog().then((m) => ({ default: m.DeleteProjectDialog })));

/** True from the first time `open` is true (the dialog then stays mounted, so closing animates and returns focus). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function PlanPicker(props: ComponentProps<typeof PlanPickerLazy>) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <PlanPickerLazy {...props} />
    </Suspense>
  ) : null;
}

export function DeleteProjectConfirm(props: ComponentProps<typeof DeleteDialogLazy>) {
  const opened = useOpenedOnce(props.open);
  return opened ? (
    <Suspense fallback={null}>
      <DeleteDialogLazy {...props} />
    </Suspense>
  ) : null;
}
