// What the task dialog shows: create (with the browser-made id kept across retries) or edit (with the version loaded,
// so a save over someone else's edit is refused), and the values being typed. A draft stored in this tab (a reload
// while the dialog was open) opens it again in the first render.
import type { TaskRow } from '../../lib/data/tasks';
import { EMPTY_TASK_FORM, type TaskFormValues } from '../../lib/domain/task-rules';
import type { TaskDraft } from './task-draft';

export interface ModalState {
  open: boolean;
  mode: 'create' | 'edit';
  /** Create: the browser-made id (kept across retries). Edit: the task's id. */
  id: string;
  loadedUpdatedAt: string;
  /** Edit: the task as loaded (null until it is fetched again after a reload). */
  row: TaskRow | null;
  values: TaskFormValues;
  /** Create: a save was sent with this id. */
  attempted: boolean;
}

export const CLOSED: ModalState = {
  open: false,
  mode: 'create',
  id: '',
  loadedUpdatedAt: '',
  row: null,
  values: EMPTY_TASK_FORM,
  attempted: false,
};

/** The dialog as a stored draft left it: open again when it was open, else closed. */
export function modalFromDraft(draft: TaskDraft | null): ModalState {
  if (!draft?.open) return CLOSED;
  return { open: true, mode: draft.mode, id: draft.id, loadedUpdatedAt: draft.loadedUpdatedAt, row: null, values: draft.values, attempted: draft.attempted };
}

/** The draft that keeps the dialog's state. */
export function draftFromModal(modal: ModalState): TaskDraft {
  const { id, mode, loadedUpdatedAt, values, open, attempted } = modal;
  return { id, mode, loadedUpdatedAt, values, open, attempted };
}
