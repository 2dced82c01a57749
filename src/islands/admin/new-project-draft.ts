// The agency's 'Novo Projeto' form as typed, kept in this tab until the project is created, with the id generated for
// it: a create retried after a lost answer reuses the id, so it never makes a second project.
import type { ClientAccount } from '../../lib/data/admin-projects';
import { isPlanId, type PlanId } from '../../lib/domain/plans';
import { isProjectStatus } from '../../lib/domain/project-rules';
import type { ProjectStatus } from '../../lib/domain/status-codes';
import { isRecord, sessionDraft } from '../../lib/stores/drafts';

export interface NewProjectDraft {
  client: ClientAccount | null;
  plan: PlanId | '';
  title: string;
  description: string;
  status: ProjectStatus;
  /** The typed progress; the saved one follows the status (pending 0, completed 100, in progress 10-90). */
  progress: number | null;
  /** Id of the project once a create was attempted; null before the first attempt. */
  pendingId: string | null;
}

export const EMPTY_NEW_PROJECT: NewProjectDraft = {
  client: null,
  plan: '',
  title: '',
  description: '',
  status: 'pending',
  progress: 50,
  pendingId: null,
};

const text = (v: unknown) => (typeof v === 'string' ? v : null);

function readClient(v: unknown): ClientAccount | null {
  if (!isRecord(v) || typeof v.id !== 'string') return null;
  return { id: v.id, full_name: text(v.full_name), email: text(v.email) };
}

function readDraft(v: unknown): NewProjectDraft | null {
  if (!isRecord(v) || typeof v.title !== 'string' || typeof v.description !== 'string' || !isProjectStatus(v.status)) return null;
  const progress = typeof v.progress === 'number' && v.progress >= 0 && v.progress <= 100 ? Math.round(v.progress) : null;
  return {
    client: readClient(v.client),
    plan: isPlanId(v.plan) ? v.plan : '',
    title: v.title,
    description: v.description,
    status: v.status,
    progress,
    pendingId: text(v.pendingId),
  };
}

const isEmpty = (d: NewProjectDraft) => !d.client && !d.plan && !d.title && !d.description && d.pendingId === null;

export const newProjectDraft = sessionDraft('portal-ia:admin-new-project-draft', readDraft, isEmpty);
