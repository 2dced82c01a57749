// Project detail, for the client (/projects/{id}) and the agency (/admin/projects/{id}, audience 'admin': the same
// screen plus the client's name and e-mail, the plan and the monthly price): view, edit with the progress rules of
// src/lib/domain/project-rules.ts, delete, the updates timeline and the documents.
// Nothing typed is lost: a failed save keeps the form, edits are mirrored in sessionStorage, a save
// is checked against the version it started from (another tab's change is never overwritten silently).
import { lazy, Suspense, useState } from 'react';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { ignoreNotFound } from '../lib/data/data-errors';
import { errorMessage } from '../lib/util/error-message';
import { formatDate } from '../lib/domain/format';
import { deleteProject, getProject } from '../lib/data/projects';
import { toast, toastAndGo } from '../lib/stores/toast';
import { Button, buttonClasses } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/Tabs';
import { DeleteProjectConfirm, loadDeleteDialog } from '../components/projects/lazy-dialogs';
import { projectDraft } from '../components/projects/draft-storage';
import { ProjectOverviewTab } from '../components/projects/ProjectOverviewTab';
import { ProjectAgencyCard } from '../components/projects/ProjectAgencyCard';
import { ConflictNotice, ReloadedNotice, SessionExpiredNotice } from '../components/projects/SaveNotices';
import { useProjectDetail } from '../components/projects/useProjectDetail';

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

export default function ProjectDetailScreen({ audience = 'client' }: { audience?: Audience }) {
  const admin = audience === 'admin';
  const listHref = admin ? '/admin/projects-management' : '/projects';
  const detail = useProjectDetail(admin, listHref);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!detail) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label="Carregando projeto..." />
      </div>
    );
  }
  const { project: current, draft, editing, saving, problem } = detail;

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
              <Button onClick={detail.save} loading={saving}>
                {saving ? 'Salvando...' : 'Salvar'}
              </Button>
              <Button variant="outline" onClick={detail.cancelEditing} disabled={saving}>
                Cancelar
              </Button>
            </>
          ) : (
            <>
              <Button variant="outline" onClick={detail.startEditing}>
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

      {editing && problem === 'conflict' && <ConflictNotice onReload={detail.reloadCurrent} reloading={detail.reloading} />}
      {editing && problem === 'reloaded' && <ReloadedNotice />}
      {editing && problem === 'session' && <SessionExpiredNotice email={detail.email} onSignIn={detail.signInAgain} />}

      {admin && (
        <ProjectAgencyCard
          client={detail.client}
          plan={current.plan}
          monthlyPrice={current.monthly_price}
          editing={editing}
          draft={detail.planDraft}
          priceError={detail.priceError}
          disabled={saving}
          onDraftChange={detail.setPlanDraft}
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
            onDraftChange={detail.changeDraft}
            errors={detail.fieldErrors ?? undefined}
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
