// What the task dialog shows: create (with the browser-made id kept across retries) or edit (with the version loaded,
// so a save over someone else's edit is refused), and the values being typed.
import type { TaskRow } from '../../lib/data/tasks';
import { EMPTY_TASK_FORM, type TaskFormValues } from '../../lib/domain/task-rules';

export interface ModalState {
  open: boolean;
  mode: 'create' | 'edit';
  /** Create: the browser-made id (kept across retries). Edit: the task's id. */
  id: string;
  loadedUpdatedAt: string;
  row: TaskRow | null;
  values: TaskFormValues;
}

export const CLOSED: ModalState = { open: false, mode: 'create', id: '', loadedUpdatedAt: '', row: null, values: EMPTY_TASK_FORM };
