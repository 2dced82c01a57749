// Project rules: status labels and how the progress is normalised (see docs/product-rules.md).
// Pure functions: no data access, so every branch is unit-tested in tests/unit/project-rules.test.ts.
import type { ProjectStatus } from './status-codes';
import { LIMITS, charLength } from './field-limits';

export const PROJECT_STATUSES: readonly ProjectStatus[] = ['pending', 'in-progress', 'completed'];

const STATUS_LABELS: Record<ProjectStatus, string> = {
  pending: 'Pendente',
  'in-progress': 'Em andamento',
  completed: 'Concluído',
};

/** The pt-BR label of a stored status; any value outside the three known ones shows 'Desconhecido'. */
export function projectStatusLabel(status: string | null | undefined): string {
  return isProjectStatus(status) ? STATUS_LABELS[status] : 'Desconhecido';
}

export function isProjectStatus(value: unknown): value is ProjectStatus {
  return typeof value === 'string' && (PROJECT_STATUSES as readonly string[]).includes(value);
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * What the progress field holds after the user types `raw` (clamped to 0-100 while typing,
 * a non-number becomes 0). A cleared field stays empty (null), and the save treats it as 'empty'.
 */
export function progressFromInput(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return null;
  const n = Number(text.replace(',', '.'));
  if (!Number.isFinite(n)) return 0;
  return clamp(Math.round(n), 0, 100);
}

/**
 * The progress stored on save:
 * completed → 100; pending → 0; in-progress coming from pending or completed → the edited value
 * (50 when empty) clamped to 10-90, so 0 becomes 10; in-progress otherwise → the edited value kept.
 */
export function normalizeProgress(storedStatus: string, newStatus: ProjectStatus, editedProgress: number | null): number | null {
  if (newStatus === 'completed') return 100;
  if (newStatus === 'pending') return 0;
  if (storedStatus === 'pending' || storedStatus === 'completed') {
    return clamp(editedProgress ?? 50, 10, 90);
  }
  return editedProgress === null ? null : clamp(Math.round(editedProgress), 0, 100);
}

/** The progress field is shown for every status but pending. */
export function showsProgressField(status: string): boolean {
  return status !== 'pending';
}

/** The progress field can be typed in only in edit mode while the chosen status is in-progress. */
export function progressFieldEditable(editing: boolean, status: string): boolean {
  return editing && status === 'in-progress';
}

/** List cards show a bar when the status is not pending and a progress is stored. */
/** The four figures of the dashboard: all projects, then per status. */
export interface ProjectCounts {
  total: number;
  completed: number;
  inProgress: number;
  pending: number;
}

/**
 * The dashboard's figures from the server's per-status tallies (rows of `status` and `count`): a status the dashboard
 * does not show still counts in the total; a count that is not a number counts as 0.
 */
export function projectCountsOf(rows: ReadonlyArray<{ status: string | null; count: number | string | null }>): ProjectCounts {
  const counts = { total: 0, completed: 0, inProgress: 0, pending: 0 };
  for (const row of rows) {
    const n = Number(row.count) || 0;
    counts.total += n;
    if (row.status === 'completed') counts.completed += n;
    else if (row.status === 'in-progress') counts.inProgress += n;
    else if (row.status === 'pending') counts.pending += n;
  }
  return counts;
}

export function showsProgressBar(status: string, progress: number | null): boolean {
  return status !== 'pending' && progress !== null;
}

/** The values edited on the project detail screen. */
export interface ProjectDraft {
  title: string;
  description: string;
  status: ProjectStatus;
  progress: number | null;
}

// The messages with a limit are getters: a bundle that only reads labels or counts here (a boot script) then drops
// these texts and the limits, which a value read from LIMITS would keep.
export const PROJECT_TEXTS = {
  deleteTitle: 'Você tem certeza?',
  deleteWarning: 'Esta ação não pode ser desfeita. Isso excluirá permanentemente o projeto e removerá seus dados de nossos servidores.',
  titleRequired: 'O título do projeto é obrigatório.',
  get titleTooLong() {
    return `O título do projeto pode ter no máximo ${LIMITS.projectTitle} caracteres.`;
  },
  get descriptionTooLong() {
    return `A descrição pode ter no máximo ${LIMITS.projectDescription} caracteres.`;
  },
} as const;

/** What is wrong with the edited title and description (the database's own rules), by field; null when nothing. */
export function projectDraftProblems(draft: Pick<ProjectDraft, 'title' | 'description'>): Partial<Record<'title' | 'description', string>> | null {
  const problems: Partial<Record<'title' | 'description', string>> = {};
  const title = projectTitleError(draft.title);
  if (title) problems.title = title;
  if (charLength(draft.description) > LIMITS.projectDescription) problems.description = PROJECT_TEXTS.descriptionTooLong;
  return Object.keys(problems).length > 0 ? problems : null;
}

/** The PATCH body for a save: the title trimmed, the draft's progress normalised against the stored status. */
export function buildProjectPatch(storedStatus: string, draft: ProjectDraft) {
  return {
    title: draft.title.trim(),
    description: draft.description === '' ? null : draft.description,
    status: draft.status,
    progress: normalizeProgress(storedStatus, draft.status, draft.progress),
  };
}

/** The pt-BR error of a project title (stored trimmed, 1 to 200 characters, an emoji counting as one), or null. */
export function projectTitleError(title: string): string | null {
  const trimmed = title.trim();
  if (!trimmed) return PROJECT_TEXTS.titleRequired;
  if (charLength(trimmed) > LIMITS.projectTitle) return PROJECT_TEXTS.titleTooLong;
  return null;
}

/** The project screen's tabs, and how each is written in the address (`?tab=documentos`); 'Visão Geral' has none. */
export type ProjectTab = 'overview' | 'updates' | 'documents';
export const PROJECT_TAB_PARAMS: Readonly<Record<ProjectTab, string>> = {
  overview: 'visao-geral',
  updates: 'atualizacoes',
  documents: 'documentos',
};

/** The tab a query string (`location.search`) opens: its `tab` parameter, 'Visão Geral' when absent or unknown. */
export function projectTabFromSearch(search: string): ProjectTab {
  const value = new URLSearchParams(search).get('tab');
  const found = (Object.keys(PROJECT_TAB_PARAMS) as ProjectTab[]).find((t) => PROJECT_TAB_PARAMS[t] === value);
  return found ?? 'overview';
}

/** The query string for `tab`, keeping every other parameter of `search` ('' when nothing is left). */
export function searchWithProjectTab(search: string, tab: ProjectTab): string {
  const params = new URLSearchParams(search);
  if (tab === 'overview') params.delete('tab');
  else params.set('tab', PROJECT_TAB_PARAMS[tab]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Whether a client may delete a project with `status` (staff may delete any): only while it is pending. */
export function clientMayDeleteProject(status: string): boolean {
  return status === 'pending';
}

/** The save of a client's edit: the title (trimmed) and the description; status and progress are the agency's. */
export function buildClientProjectPatch(draft: Pick<ProjectDraft, 'title' | 'description'>) {
  return { title: draft.title.trim(), description: draft.description === '' ? null : draft.description };
}
