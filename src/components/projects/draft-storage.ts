// Unsaved edits of a project, kept in this tab's sessionStorage while editing, so that nothing typed
// is lost if the page is left (session expired → sign in again, reload, crash) before a save succeeds.
import { isProjectStatus, type ProjectDraft } from '../../lib/domain/project-rules';

export interface StoredDraft {
  draft: ProjectDraft;
  /** updated_at of the version the edits started from: the save is checked against it. */
  baseUpdatedAt: string;
}

const key = (projectId: string) => `portal-ia:project-draft:${projectId}`;

export function saveDraft(projectId: string, value: StoredDraft): void {
  try {
    sessionStorage.setItem(key(projectId), JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the edits still live on screen.
  }
}

export function clearDraft(projectId: string): void {
  try {
    sessionStorage.removeItem(key(projectId));
  } catch {
    // Nothing to clear.
  }
}

/** The stored edits of this project, or null when there are none (or they are malformed). */
export function loadDraft(projectId: string): StoredDraft | null {
  try {
    const raw = sessionStorage.getItem(key(projectId));
    if (!raw) return null;
    const v = JSON.parse(raw) as StoredDraft;
    const d = v?.draft;
    const ok =
      typeof v.baseUpdatedAt === 'string' &&
      typeof d?.title === 'string' &&
      typeof d.description === 'string' &&
      isProjectStatus(d.status) &&
      (d.progress === null || (typeof d.progress === 'number' && d.progress >= 0 && d.progress <= 100));
    return ok ? v : null;
  } catch {
    return null;
  }
}
