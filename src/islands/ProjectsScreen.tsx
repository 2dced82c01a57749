// Projects list (/projects): plan picker (a chosen plan becomes a pending project on top of the list), server-side
// search and status filter, cards with delete, the three empty states and 'Carregar mais' (50 per page).
import { useEffect, useRef, useState } from 'react';
import type { ProjectStatus } from '../lib/domain/status-codes';
import { errorMessage } from '../lib/util/error-message';
import { deleteProject, listProjects, type Project } from '../lib/data/projects';
import { toast } from '../lib/stores/toast';
import { Button } from '../components/ui/Button';
import { EmptyState } from '../components/projects/EmptyState';
import { DeleteProjectConfirm, loadDeleteDialog, loadPlanPicker } from '../components/projects/lazy-dialogs';
import { PlanPick } from './projects/PlanPick';
import { ProjectGridSkeleton } from '../components/projects/ProjectCardSkeleton';
import { ProjectFilters } from '../components/projects/ProjectFilters';
import { PROJECT_GRID, ProjectListItem, ProjectListSection, ProjectsHeader, readFrameFilters } from '../components/projects/ProjectListParts';
import { useDebouncedValue } from '../components/hooks/useDebouncedValue';
import { useProjectList } from './projects/useProjectList';
import { LoadMoreButton } from '../components/ui/ListFooter';
import { ignoreNotFound } from '../lib/data/data-errors';

/** The screen's first data call (no search, no filter, first page), which the page also sends early. */
export const firstRequests = () => listProjects({ search: '', status: '', offset: 0 });

export default function ProjectsScreen() {
  // What was typed or chosen in the page's frame before this first render is kept, with the focus.
  const [frame] = useState(readFrameFilters);
  const [search, setSearch] = useState(frame.search);
  const [status, setStatus] = useState<ProjectStatus | ''>(frame.status);
  useEffect(() => {
    if (!frame.focused) return;
    document.querySelector<HTMLElement>(`main [role="search"] ${frame.focused === 'search' ? 'input' : 'select'}`)?.focus();
  }, [frame]);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const list = useProjectList(debouncedSearch, status);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const filtered = debouncedSearch !== '' || status !== '';

  function openPicker() {
    setPickerOpen(true);
  }

  async function confirmDelete() {
    if (!toDelete || deleting) return;
    setDeleting(true);
    try {
      await deleteProject(toDelete.id).catch(ignoreNotFound); // already gone: what the user wanted
      list.remove(toDelete.id);
      toast({ title: 'Sucesso', description: 'Projeto excluído com sucesso.' });
    } catch (e) {
      toast({ title: 'Erro ao excluir projeto', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  function clearFilters() {
    setSearch('');
    setStatus('');
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <ProjectsHeader headingRef={heading} onNew={openPicker} onPrepare={loadPlanPicker} />

      <ProjectFilters
        search={search}
        status={status}
        busy={list.loading && list.rows.length > 0}
        onSearchChange={setSearch}
        onStatusChange={setStatus}
      />

      {list.loading && list.rows.length === 0 ? (
        <ProjectGridSkeleton count={6} className={PROJECT_GRID} />
      ) : list.failed && list.rows.length === 0 ? (
        <EmptyState title="Erro ao carregar projetos" text="Verifique sua conexão e tente novamente.">
          <Button variant="outline" onClick={list.retry}>
            Tentar novamente
          </Button>
        </EmptyState>
      ) : list.rows.length === 0 ? (
        filtered ? (
          <EmptyState title="Nenhum projeto encontrado" text="Nenhum projeto corresponde aos filtros.">
            <Button variant="outline" onClick={clearFilters}>
              Limpar filtros
            </Button>
          </EmptyState>
        ) : (
          <EmptyState title="Nenhum projeto encontrado" text="Crie seu primeiro projeto selecionando um plano.">
            <Button onClick={openPicker} onPointerEnter={loadPlanPicker} onFocus={loadPlanPicker}>
              Criar projeto
            </Button>
          </EmptyState>
        )
      ) : (
        <ProjectListSection busy={list.loading}>
          <ul className={PROJECT_GRID}>
            {list.rows.map((p) => (
              <ProjectListItem key={p.id} project={p} onDelete={() => setToDelete(p)} onPrepareDelete={loadDeleteDialog} />
            ))}
          </ul>
          <p className="text-center text-sm text-slate-500" aria-live="polite">
            {list.total === null
              ? `Exibindo ${list.rows.length} ${list.rows.length === 1 ? 'projeto' : 'projetos'}.`
              : `Exibindo ${list.rows.length} de ${list.total} projetos.`}
          </p>
          <LoadMoreButton hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={list.loadMore} />
        </ProjectListSection>
      )}

      <PlanPick open={pickerOpen} onOpenChange={setPickerOpen} onCreated={list.prepend} />
      <DeleteProjectConfirm
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        onConfirm={confirmDelete}
        deleting={deleting}
        projectTitle={toDelete?.title}
        fallbackFocus={() => heading.current}
      />
    </div>
  );
}
