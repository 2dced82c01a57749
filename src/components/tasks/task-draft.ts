// A new task whose create failed, kept per user with the id generated for it: reopening the dialog brings the values
// back, and the retry reuses the id, so it never makes a second row.
import { isTaskPriority, isTaskStatus, type TaskFormValues } from '../../lib/domain/task-rules';
import { isRecord, sessionDraft, type DraftStore } from '../../lib/stores/drafts';

export interface TaskDraft {
  id: string;
  values: TaskFormValues;
}

const TEXT_FIELDS = ['title', 'description', 'due_date', 'assigned_to', 'project_id'] as const;

function readTaskDraft(v: unknown): TaskDraft | null {
  if (!isRecord(v) || typeof v.id !== 'string' || !isRecord(v.values)) return null;
  const values = v.values;
  if (!TEXT_FIELDS.every((k) => typeof values[k] === 'string')) return null;
  if (!isTaskStatus(values.status) || !isTaskPriority(values.priority)) return null;
  return { id: v.id, values: values as unknown as TaskFormValues };
}

/** The draft store of this user's failed task create. */
export const taskDraft = (userId: string): DraftStore<TaskDraft> => sessionDraft(`portal-ia:task-draft:${userId}`, readTaskDraft);
