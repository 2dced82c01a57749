// The task being written in the dialog, kept per user in this tab until it is saved: a reload reopens the dialog with
// what was typed, and a create that failed keeps the id generated for it, so a retry never makes a second row.
import { EMPTY_TASK_FORM, isTaskPriority, isTaskStatus, type TaskFormValues } from '../../lib/domain/task-rules';
import { isRecord, sessionDraft, type DraftStore } from '../../lib/stores/drafts';

export interface TaskDraft {
  /** Create: the browser-made id of the row about to be created. Edit: the task's id. */
  id: string;
  values: TaskFormValues;
  mode: 'create' | 'edit';
  /** Edit: updated_at of the version the edits started from (the save is checked against it). */
  loadedUpdatedAt: string;
  /** The dialog was open when the draft was stored: a reload opens it again. */
  open: boolean;
  /** A create was sent with this id (it may have reached the server): the draft outlives closing the dialog. */
  attempted: boolean;
}

const TEXT_FIELDS = ['title', 'description', 'due_date', 'assigned_to', 'project_id'] as const;

function readTaskDraft(v: unknown): TaskDraft | null {
  if (!isRecord(v) || typeof v.id !== 'string' || !isRecord(v.values)) return null;
  const values = v.values;
  if (!TEXT_FIELDS.every((k) => typeof values[k] === 'string')) return null;
  if (!isTaskStatus(values.status) || !isTaskPriority(values.priority)) return null;
  const mode = v.mode === 'edit' ? 'edit' : 'create';
  return {
    id: v.id,
    values: values as unknown as TaskFormValues,
    mode,
    loadedUpdatedAt: typeof v.loadedUpdatedAt === 'string' ? v.loadedUpdatedAt : '',
    open: v.open === true,
    // A draft stored before the dialog kept its text across reloads was always a failed create.
    attempted: v.attempted === true || (mode === 'create' && v.open === undefined),
  };
}

/** A new task nobody typed into and never sent holds nothing worth keeping. */
function isEmptyDraft(d: TaskDraft): boolean {
  return d.mode === 'create' && !d.attempted && (Object.keys(EMPTY_TASK_FORM) as (keyof TaskFormValues)[]).every((k) => d.values[k] === EMPTY_TASK_FORM[k]);
}

/** The draft store of this user's task dialog. */
export const taskDraft = (userId: string): DraftStore<TaskDraft> =>
  sessionDraft(`portal-ia:task-draft:${userId}`, readTaskDraft, isEmptyDraft);
