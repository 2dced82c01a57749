// State of the project detail screen: the project of the address (and, for the agency, its client's contact), the edit
// form with its plan fields, the save checked against the version it started from, and the notices of a failed save.
// Nothing typed is lost: a failed save keeps the form and the edits are mirrored in sessionStorage.
// Live: a change made elsewhere (the agency moving the status or the progress, another tab) shows without a reload;
// while the form is open what is typed stays, and the save is checked against the version the form was opened on.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../../lib/stores/auth';
import { ConflictError, NotFoundError, SessionExpiredError } from '../../lib/data/data-errors';
import { errorMessage } from '../../lib/util/error-message';
import { buildClientProjectPatch, buildProjectPatch, projectDraftProblems, type ProjectDraft } from '../../lib/domain/project-rules';
import { getProject, updateProject, type Project } from '../../lib/data/projects';
import { getProfileContact } from '../../lib/data/profiles';
import { buildPlanPatch, priceForInput, type PlanDraft } from '../../lib/domain/project-admin-rules';
import { toast, toastAndGo } from '../../lib/stores/toast';
import { forgetPrepaintedRows, prepaintedRows } from '../../lib/stores/prepainted-rows';
import { projectDraft } from '../../components/projects/draft-storage';
import { draftOf } from '../../components/projects/ProjectDetailParts';
import { useLiveTable } from '../hooks/useLiveTable';
import { PROJECT_DETAIL } from '../../components/projects/handover-keys';
import type { LiveBinding, LiveChange } from '../../lib/data/live';

const KEPT = 'Seus dados foram mantidos; tente novamente.';

/** The id in /projects/{id} or /admin/projects/{id}; the host serves the same shell for every id. */
function projectIdFromUrl(): string {
  const parts = window.location.pathname.split('/').filter(Boolean);
  const at = parts[0] === 'admin' ? 1 : 0;
  return parts[at] === 'projects' && parts[at + 1] ? decodeURIComponent(parts[at + 1]!) : '';
}

const planDraftOf = (p: Project): PlanDraft => ({ plan: p.plan ?? '', monthlyPrice: priceForInput(p.monthly_price) });

/** Why the last save did not go through: another tab's change, that change loaded, or the session expired. */
export type SaveProblem = null | 'conflict' | 'reloaded' | 'session';

/**
 * The project of the address the client's page painted before the island started (same user, same id; forgotten once
 * the screen has drawn it), or null; always null for the agency's screen, which paints nothing.
 */
function paintedProject(admin: boolean, id: string): Project | null {
  if (admin || !id) return null;
  const painted = prepaintedRows<Project>(PROJECT_DETAIL, $auth.get().user?.id, id);
  return painted?.rows.length === 1 ? painted.rows[0]! : null;
}

/**
 * Loads the project of the address (a missing one, or a failed read, goes back to `listHref` with a toast), restores
 * unsaved edits of this tab, and runs editing and saving. `admin` adds the client's contact and the plan fields.
 * Null until the project is loaded; the project the page painted, if any, is the first render's (in view mode) and is
 * then refreshed from the same read.
 */
export function useProjectDetail(admin: boolean, listHref: string) {
  const { user } = useStore($auth);
  const [id] = useState(projectIdFromUrl);
  const [painted] = useState(() => paintedProject(admin, id));
  useEffect(() => forgetPrepaintedRows(PROJECT_DETAIL), []);
  const [project, setProject] = useState<Project | null>(painted);
  const [client, setClient] = useState<{ full_name: string | null; email: string | null } | null>(null);
  const [planDraft, setPlanDraft] = useState<PlanDraft>(() => (painted ? planDraftOf(painted) : { plan: '', monthlyPrice: '' }));
  const [priceError, setPriceError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProjectDraft | null>(() => (painted ? draftOf(painted) : null));
  const [baseUpdatedAt, setBaseUpdatedAt] = useState(painted?.updated_at ?? '');
  const editingNow = useRef(editing);
  editingNow.current = editing;
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem>(null);
  const [reloading, setReloading] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof projectDraftProblems>>(null);
  const email = useRef('');
  if (user?.email) email.current = user.email;

  useEffect(() => {
    getProject(id)
      .then((p) => {
        setProject(p);
        if (admin) {
          getProfileContact(p.user_id).then(setClient, () => setClient(null));
        }
        // The form was opened on the painted project meanwhile: what is being typed stays, checked against the
        // version it was opened on.
        if (editingNow.current) return;
        const stored = projectDraft(p.id).load();
        setPlanDraft(stored?.plan ?? planDraftOf(p));
        if (stored) {
          setDraft(stored.draft);
          setBaseUpdatedAt(stored.baseUpdatedAt);
          setEditing(true);
          // Edits begun on an older version than the one saved now (a save that conflicted before the reload, or a
          // change made elsewhere since): the same conflict notice as before, never a silent overwrite.
          if (stored.baseUpdatedAt !== p.updated_at) setProblem('conflict');
          toast({ title: 'Alterações recuperadas', description: 'Suas alterações não salvas foram restauradas.' });
        } else {
          setDraft(draftOf(p));
          setBaseUpdatedAt(p.updated_at);
        }
      })
      .catch((e) => {
        if (e instanceof NotFoundError && !deletingHere.current) {
          toastAndGo({ title: 'Projeto não encontrado', variant: 'destructive' }, listHref, { replace: true });
        } else {
          toastAndGo({ title: 'Erro ao carregar projeto', description: errorMessage(e), variant: 'destructive' }, listHref, { replace: true });
        }
      });
  }, [id]);

  // Mirror the edits in this tab's storage while editing.
  useEffect(() => {
    if (editing && draft && project) projectDraft(project.id).save({ draft, baseUpdatedAt, ...(admin ? { plan: planDraft } : {}) });
  }, [editing, draft, baseUpdatedAt, project, admin, planDraft]);

  /** A newer version of the project from elsewhere: shown, and the form follows it unless it is open. */
  const showNewer = useCallback((fresh: Project) => {
    setProject(fresh);
    if (editingNow.current) return;
    setDraft(draftOf(fresh));
    setPlanDraft(planDraftOf(fresh));
    setBaseUpdatedAt(fresh.updated_at);
  }, []);
  const projectNow = useRef(project);
  projectNow.current = project;
  /** True while this tab deletes the project: its own deletion arriving live is not 'deleted elsewhere'. */
  const deletingHere = useRef(false);
  const loaded = project !== null;
  const bindings = useMemo<LiveBinding[] | null>(() => (loaded ? [{ table: 'projects', filter: `id=eq.${id}` }] : null), [loaded, id]);
  useLiveTable('project', bindings, {
    onChange: (change: LiveChange) => {
      const shown = projectNow.current;
      if (change.event === 'DELETE') {
        if (deletingHere.current) return;
        toastAndGo({ title: 'Projeto excluído', description: 'Este projeto foi excluído.', variant: 'destructive' }, listHref, { replace: true });
      } else if (change.row && shown) {
        // The row carries every column the user may read.
        showNewer({ ...shown, ...(change.row as Partial<Project>), id: shown.id });
      }
    },
    refresh: () => {
      getProject(id).then(showNewer, (e: unknown) => {
        if (e instanceof NotFoundError && !deletingHere.current) {
          toastAndGo({ title: 'Projeto excluído', description: 'Este projeto foi excluído.', variant: 'destructive' }, listHref, { replace: true });
        }
      });
    },
  });

  if (!project || !draft) return null;
  const current = project;

  /** The form as the loaded project has it, with no notice and no field message; `open` opens or closes it. */
  function resetForm(open: boolean) {
    setDraft(draftOf(current));
    setPlanDraft(planDraftOf(current));
    setPriceError(null);
    setBaseUpdatedAt(current.updated_at);
    setProblem(null);
    setFieldErrors(null);
    setEditing(open);
  }

  function startEditing() {
    resetForm(true);
  }

  function cancelEditing() {
    projectDraft(current.id).clear();
    resetForm(false);
  }

  /** Once a field was refused, its message follows what is typed and goes away when the field is fixed. */
  function changeDraft(next: ProjectDraft) {
    setDraft(next);
    if (fieldErrors) setFieldErrors(projectDraftProblems(next));
  }

  async function save() {
    if (saving || !draft) return;
    const problems = projectDraftProblems(draft);
    setFieldErrors(problems);
    if (problems) {
      toast({ title: 'Erro de Validação', description: Object.values(problems).join(' '), variant: 'destructive' });
      return;
    }
    const planPatch = admin ? buildPlanPatch(current, planDraft) : { patch: {} };
    if ('error' in planPatch) {
      setPriceError(planPatch.error);
      toast({ title: 'Erro ao atualizar', description: `${planPatch.error} ${KEPT}`, variant: 'destructive' });
      return;
    }
    setPriceError(null);
    setSaving(true);
    try {
      // Status and progress are the agency's: a client's save sends the title and the description only.
      const patch = admin ? { ...buildProjectPatch(current.status, draft), ...planPatch.patch } : buildClientProjectPatch(draft);
      const updated = await updateProject(current.id, patch, baseUpdatedAt);
      projectDraft(current.id).clear();
      setProject(updated);
      setDraft(draftOf(updated));
      setPlanDraft(planDraftOf(updated));
      setBaseUpdatedAt(updated.updated_at);
      setEditing(false);
      setProblem(null);
      toast({ title: 'Projeto atualizado', description: 'Alterações salvas com sucesso.' });
    } catch (e) {
      if (e instanceof ConflictError) {
        setProblem('conflict');
        toast({ title: 'Erro ao atualizar', description: `${e.message} Suas alterações foram mantidas no formulário.`, variant: 'destructive' });
      } else if (e instanceof SessionExpiredError) {
        setProblem('session');
        toast({ title: 'Erro ao atualizar', description: `${e.message} Seus dados foram mantidos.`, variant: 'destructive' });
      } else if (e instanceof NotFoundError) {
        toast({
          title: 'Erro ao atualizar',
          description: 'Este projeto não existe mais (foi excluído em outro lugar). Seus dados continuam na tela.',
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Erro ao atualizar', description: `${errorMessage(e)} ${KEPT}`, variant: 'destructive' });
      }
    } finally {
      setSaving(false);
    }
  }

  /** After a conflict: load the current version; the edits stay and are now checked against it. */
  async function reloadCurrent() {
    setReloading(true);
    try {
      const fresh = await getProject(current.id);
      setProject(fresh);
      setBaseUpdatedAt(fresh.updated_at);
      setProblem('reloaded');
    } catch (e) {
      toast({ title: 'Erro ao carregar projeto', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  }

  async function signInAgain(password: string): Promise<boolean> {
    // Signing in again is rare: its code is fetched when asked for, not with the screen.
    const { signIn } = await import('../../lib/stores/account-actions');
    const result = await signIn(email.current, password);
    if (!result.success) return false;
    setProblem(null);
    await save();
    return true;
  }

  return {
    project: current,
    /** Says this tab is deleting the project (true) or that the deletion failed (false). */
    setDeletingHere: (on: boolean) => {
      deletingHere.current = on;
    },
    client,
    draft,
    planDraft,
    setPlanDraft,
    priceError,
    fieldErrors,
    editing,
    saving,
    problem,
    reloading,
    email: email.current,
    startEditing,
    cancelEditing,
    changeDraft,
    save,
    reloadCurrent,
    signInAgain,
  };
}
