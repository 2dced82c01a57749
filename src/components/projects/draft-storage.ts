// Unsaved edits of a project, kept while editing so that nothing typed is lost if the page is left (session expired →
// sign in again, reload, crash) before a save succeeds.
import type { PlanDraft } from '../../lib/domain/project-admin-rules';
import { isProjectStatus, type ProjectDraft } from '../../lib/domain/project-rules';
import { isRecord, sessionDraft, type DraftStore } from '../../lib/stores/drafts';

export interface StoredDraft {
  draft: ProjectDraft;
  /** updated_at of the version the edits started from: the save is checked against it. */
  baseUpdatedAt: string;
  /** The agency's plan and price edits (admins only). */
  plan?: PlanDraft;
}

function readProjectDraft(v: unknown): StoredDraft | null {
  if (!isRecord(v) || typeof v.baseUpdatedAt !== 'string' || !isRecord(v.draft)) return null;
  const d = v.draft;
  const ok =
    typeof d.title === 'string' &&
    typeof d.description === 'string' &&
    isProjectStatus(d.status) &&
    (d.progress === null || (typeof d.progress === 'number' && d.progress >= 0 && d.progress <= 100));
  const plan = v.plan;
  const planOk = plan === undefined || (isRecord(plan) && typeof plan.plan === 'string' && typeof plan.monthlyPrice === 'string');
  return ok && planOk ? (v as unknown as StoredDraft) : null;
}

/** The sessionStorage key of a project's edits is this prefix followed by the project's id. */
export const PROJECT_DRAFT_PREFIX = 'portal-ia:project-draft:';

/** The draft store of one project's edits. */
export const projectDraft = (projectId: string): DraftStore<StoredDraft> =>
  sessionDraft(`${PROJECT_DRAFT_PREFIX}${projectId}`, readProjectDraft);
