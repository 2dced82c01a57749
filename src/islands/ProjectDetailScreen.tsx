// Project detail, for the client (/projects/{id}) and the agency (/admin/projects/{id}, audience 'admin': the same
// screen plus the client's name and e-mail, the plan and the monthly price): view, edit with the progress rules of
// src/lib/domain/project-rules.ts, delete, the updates timeline and the documents.
// Nothing typed is lost: a failed save keeps the form, edits are mirrored in sessionStorage, a save
// is checked against the version it started from (another tab's change is never overwritten silently).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { $auth, signIn } from '../lib/stores/auth';
import { ConflictError, NotFoundError, SessionExpiredError, ignoreNotFound } from '../lib/data/data-errors';
import { errorMessage } from '../lib/util/error-message';
import { formatDate } from '../lib/domain/format';
import { buildProjectPatch, isProjectStatus, projectDraftProblems, type ProjectDraft } from '../lib/domain/project-rules';
import { deleteProject, getProject, updateProject, type Project } from '../lib/data/projects';
import { getProfileContact } from '../lib/data/profiles';
import { buildPlanPatch, priceForInput, type PlanDraft } from '../lib/domain/project-admin-rules';
import { toast, toastAndGo } from '../lib/stores/toast';
import { Button, buttonClasses } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/Tabs';
import { DeleteProjectConfirm, loadDeleteDialog } from '../components/projects/lazy-dialogs';
import { projectDraft } from '../components/projects/draft-storage';
import { ProjectOverviewTab } from '../components/projects/ProjectOverviewTab';
import { ProjectAgencyCard } from '../components/projects/ProjectAgencyCard';
import { ConflictNotice, ReloadedNotice, SessionExpiredNotice } from '../components/projects/SaveNotices';

const KEPT = 'Seus dados foram mantidos; tente novamente.';

// The two tabs load with their code when first opened: they are not part of the screen's first chunk.
const UpdatesPanel = lazy(() => import('./project-workspace/UpdatesPanel'));
const DocumentsPanel = lazy(() => import('./project-workspace/DocumentsPanel'));
const tabLoading = (
  <div className="flex min-h-[8rem] items-center justify-center">
    <Spinner label="Carregando..." />
  </div>
);

export type Audience = 'client' | 'admin';

/** The client's first data call (`slots.route` stands for the id in the address), which the page also sends early. */
export const firstRequests = ({ route }: { route: string }) => getProject(route);

/** The id in /projects/{id} or /admin/projects/{id}; the host serves the same shell for every id. */
function projectIdFromUrl(): string {
  const parts = window.location.pathname.split('/').filter(Boolean);
  const at = parts[0] === 'admin' ? 1 : 0;
  return parts[at] === 'projects' && parts[at + 1] ? decodeURIComponent(parts[at + 1]!) : '';
}

const planDraftOf = (p: Project): PlanDraft => ({ plan: p.plan ?? '', monthlyPrice: priceForInput(p.monthly_price) });

const draftOf = (p: Project): ProjectDraft => ({
  title: p.title,
  description: p.description ?? '',
  status: isProjectStatus(p.status) ? p.status : 'pending',
  progress: p.progress,
});

type Problem = null | 'conflict' | 'reloaded' | 'session';

export default function ProjectDetailScreen({ audience = 'client' }: { audience?: Audience }) {
  const admin = audience === 'admin';
  const listHref = admin ? '/admin/projects-management' : '/projects';
  const { user } = useStore($auth);
  const [id] = useState(projectIdFromUrl);
  const [project, setProject] = useState<Project | null>(null);
  const [client, setClient] = useState<{ full_name: string | null; email: string | null } | null>(null);
  const [planDraft, setPlanDraft] = useState<PlanDraft>({ plan: '', monthlyPrice: '' });
  const [priceError, setPriceError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProjectDraft | null>(null);
  const [baseUpdatedAt, setBaseUpdatedAt] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [reloading, setReloading] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
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
        const stored = projectDraft(p.id).load();
        setPlanDraft(stored?.plan ?? planDraftOf(p));
        if (stored) {
          setDraft(stored.draft);
          setBaseUpdatedAt(stored.baseUpdatedAt);
          setEditing(true);
          toast({ title: 'Alterações recuperadas', description: 'Suas alterações não salvas foram restauradas.' });
        } else {
          setDraft(draftOf(p));
          setBaseUpdatedAt(p.updated_at);
        }
      })
      .catch((e) => {
        if (e instanceof NotFoundError) {
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

  if (!project || !draft) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label="Carregando projeto..." />
      </div>
    );
  }
  const current = project;

  function startEditing() {
    setDraft(draftOf(current));
    setPlanDraft(planDraftOf(current));
    setPriceError(null);
    setBaseUpdatedAt(current.updated_at);
    setProblem(null);
    setFieldErrors(null);
    setEditing(true);
  }

  function cancelEditing() {
    projectDraft(current.id).clear();
    setDraft(draftOf(current));
    setPlanDraft(planDraftOf(current));
    setPriceError(null);
    setBaseUpdatedAt(current.updated_at);
    setProblem(null);
    setFieldErrors(null);
    setEditing(false);
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
      const updated = await updateProject(current.id, { ...buildProjectPatch(current.status, draft), ...planPatch.patch }, baseUpdatedAt);
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
    const result = await signIn(email.current, password);
    if (!result.success) return false;
    setProblem(null);
    await save();
    return true;
  }

  async function confirmDelete() {
    if (deleting) return;
    setDeleting(true);
    try {
      await deleteProject(current.id).catch(ignoreNotFound); // already gone: what the user wanted
      projectDraft(current.id).clear();
      toastAndGo({ title: 'Projeto excluído', description: 'O projeto foi excluído.' }, listHref, { replace: true });
    } catch (e) {
      toast({ title: 'Erro ao excluir', description: errorMessage(e), variant: 'destructive' });
      setDeleting(false);
      setDeleteOpen(false);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div>
        <a href={listHref} className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Voltar para projetos
        </a>
      </div>

      <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl [overflow-wrap:anywhere]">{current.title}</h1>
          <p className="mt-1 text-sm text-slate-500">
            Criado em {current.created_at ? formatDate(current.created_at) : ''} · Atualizado em{' '}
            {current.updated_at ? formatDate(current.updated_at) : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {editing ? (
            <>
              <Button onClick={save} loading={saving}>
                {saving ? 'Salvando...' : 'Salvar'}
              </Button>
              <Button variant="outline" onClick={cancelEditing} disabled={saving}>
                Cancelar
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={startEditing}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Editar
              </Button>
              <Button variant="destructive" onClick={() => setDeleteOpen(true)} onPointerEnter={loadDeleteDialog} onFocus={loadDeleteDialog}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Excluir
              </Button>
            </>
          )}
        </div>
      </header>

      {editing && problem === 'conflict' && <ConflictNotice onReload={reloadCurrent} reloading={reloading} />}
      {editing && problem === 'reloaded' && <ReloadedNotice />}
      {editing && problem === 'session' && <SessionExpiredNotice email={email.current} onSignIn={signInAgain} />}

      {admin && (
        <ProjectAgencyCard
          client={client}
          plan={current.plan}
          monthlyPrice={current.monthly_price}
          editing={editing}
          draft={planDraft}
          priceError={priceError}
          disabled={saving}
          onDraftChange={setPlanDraft}
        />
      )}

      <Tabs defaultValue="overview">
        <TabsList aria-label="Seções do projeto">
          <TabsTrigger value="overview">Visão Geral</TabsTrigger>
          <TabsTrigger value="updates">Atualizações</TabsTrigger>
          <TabsTrigger value="documents">Documentos</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <ProjectOverviewTab
            project={current}
            editing={editing}
            draft={draft}
            disabled={saving}
            onDraftChange={changeDraft}
            errors={fieldErrors ?? undefined}
          />
        </TabsContent>
        <TabsContent value="updates">
          <Suspense fallback={tabLoading}>
            <UpdatesPanel projectId={current.id} ownerId={current.user_id} />
          </Suspense>
        </TabsContent>
        <TabsContent value="documents">
          <Suspense fallback={tabLoading}>
            <DocumentsPanel projectId={current.id} />
          </Suspense>
        </TabsContent>
      </Tabs>

      <DeleteProjectConfirm open={deleteOpen} onOpenChange={setDeleteOpen} onConfirm={confirmDelete} deleting={deleting} />
    </div>
  );
}
