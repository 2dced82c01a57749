// Project detail, for the client (/projects/{id}) and the agency (/admin/projects/{id}, audience 'admin': the same
// screen plus the client's name and e-mail and the plan and monthly price to edit): view, edit, delete, the updates
// timeline and the documents, the open tab kept in the address (`?tab=documentos`). The agency edits the status and
// the progress (rules of src/lib/domain/project-rules.ts) and deletes any project; the client edits the title and the
// description, sees the plan bought and its price, and deletes a project only while it is pending: afterwards
// 'Solicitar cancelamento' opens the support form prefilled with the request.
// Nothing typed is lost: a failed save keeps the form, edits are mirrored in sessionStorage, a save
// is checked against the version it started from (another tab's change is never overwritten silently).
import { lazy, Suspense, useState } from 'react';
import { ignoreNotFound } from '../lib/data/data-errors';
import { errorMessage } from '../lib/util/error-message';
import { deleteProject, getProject } from '../lib/data/projects';
import { toast, toastAndGo } from '../lib/stores/toast';
import { Button } from '../components/ui/Button';
import { Spinner } from '../components/ui/Spinner';
import { DeleteProjectConfirm, loadDeleteDialog } from '../components/projects/lazy-dialogs';
import { projectDraft } from '../components/projects/draft-storage';
import { ProjectOverviewTab } from '../components/projects/ProjectOverviewTab';
import { AGENCY_OFFER, ProjectDetailLoading, ProjectDetailView, ProjectViewActions } from '../components/projects/ProjectDetailParts';
import { projectDetailFill } from '../components/projects/project-detail-fill';
import { useProjectTab } from '../components/projects/useProjectTab';
import { ProjectAgencyCard } from '../components/projects/ProjectAgencyCard';
import { ConflictNotice, ReloadedNotice, SessionExpiredNotice } from '../components/projects/SaveNotices';
import { useProjectDetail } from './projects/useProjectDetail';

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
  const [tab, setTab] = useProjectTab();

  if (!detail) return <ProjectDetailLoading />;
  const { project: current, draft, editing, saving, problem } = detail;

  async function confirmDelete() {
    if (deleting) return;
    setDeleting(true);
    detail?.setDeletingHere(true);
    try {
      await deleteProject(current.id).catch(ignoreNotFound); // already gone: what the user wanted
      projectDraft(current.id).clear();
      toastAndGo({ title: 'Projeto excluído', description: 'O projeto foi excluído.' }, listHref, { replace: true });
    } catch (e) {
      toast({ title: 'Erro ao excluir', description: errorMessage(e), variant: 'destructive' });
      detail?.setDeletingHere(false);
      setDeleting(false);
      setDeleteOpen(false);
    }
  }

  return (
    <ProjectDetailView
      project={current}
      listHref={listHref}
      tab={tab}
      onTabChange={setTab}
      actions={
        editing ? (
          <>
            <Button onClick={detail.save} loading={saving}>
              {saving ? 'Salvando...' : 'Salvar'}
            </Button>
            <Button variant="outline" onClick={detail.cancelEditing} disabled={saving}>
              Cancelar
            </Button>
          </>
        ) : (
          <ProjectViewActions
            onEdit={detail.startEditing}
            onDelete={() => setDeleteOpen(true)}
            onPrepareDelete={loadDeleteDialog}
            offer={admin ? AGENCY_OFFER : projectDetailFill(current)}
          />
        )
      }
      overview={
        <ProjectOverviewTab
          project={current}
          editing={editing}
          draft={draft}
          disabled={saving}
          onDraftChange={detail.changeDraft}
          errors={detail.fieldErrors ?? undefined}
          staff={admin}
          showPlan={!admin}
        />
      }
      updates={
        <Suspense fallback={tabLoading}>
          <UpdatesPanel projectId={current.id} ownerId={current.user_id} />
        </Suspense>
      }
      documents={
        <Suspense fallback={tabLoading}>
          <DocumentsPanel projectId={current.id} />
        </Suspense>
      }
      after={<DeleteProjectConfirm open={deleteOpen} onOpenChange={setDeleteOpen} onConfirm={confirmDelete} deleting={deleting} />}
    >
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
    </ProjectDetailView>
  );
}
