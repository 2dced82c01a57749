// The Radix dialogs of the project screens, loaded only when first needed: they are not part of the
// first paint, and keeping them out of the initial bundle keeps the screens inside their JS budget.
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
import { PROJECT_TEXTS } from '../../lib/domain/project-rules';

export const loadPlanPicker = () => import('./PlanPickerDialog');
export const loadDeleteDialog = () => import('./ConfirmDeleteDialog');

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
const ConfirmDeleteLazy = lazy(() => loadDeleteDialog().then((m) => ({ default: m.ConfirmDeleteDialog })));
type ConfirmDeleteProps = ComponentProps<typeof ConfirmDeleteLazy>;

export const PlanPicker = mountedWhenOpened<ComponentProps<typeof PlanPickerLazy>>(PlanPickerLazy);
/** The confirmation before deleting anything (an update, a document, a task, a client), with its own texts. */
export const ConfirmDelete = mountedWhenOpened<ConfirmDeleteProps>(ConfirmDeleteLazy);

/** 'Você tem certeza?' before deleting a project, with the project's title under the warning. */
export function DeleteProjectConfirm({ projectTitle, ...props }: Omit<ConfirmDeleteProps, 'title' | 'description' | 'detail'> & { projectTitle?: string }) {
  return <ConfirmDelete {...props} title={PROJECT_TEXTS.deleteTitle} description={PROJECT_TEXTS.deleteWarning} detail={projectTitle} />;
}
