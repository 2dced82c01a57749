// /admin/projects-management ('Gestão de Projetos'): every client's project, newest first, 50 per page with
// 'Carregar mais', searched by title or client name/e-mail (also from `?q=` in the address, so other screens can link to
// a client's projects) and filtered by status and plan in the database; 'Novo Projeto' creates one for a client. The
// list is live: a project changed or created anywhere shows without a reload.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import { listAdminProjects, type AdminProject } from '../lib/data/admin-projects';
import { toast } from '../lib/stores/toast';
import { errorMessage } from '../lib/util/error-message';
import { AdminPageHeader } from '../components/admin/AdminPageHeader';
import { AdminProjectFilters, type AdminProjectFilterValues } from '../components/admin/AdminProjectFilters';
import { AdminProjectsTable } from '../components/admin/AdminProjectsTable';
import { useDebouncedValue } from '../components/hooks/useDebouncedValue';
import { usePagedList } from './hooks/usePagedList';
import { useLiveTable } from './hooks/useLiveTable';
import type { LiveBinding } from '../lib/data/live';
import { useOpenedOnce } from '../components/projects/lazy-dialogs';
import { Button } from '../components/ui/Button';
import { PagedList } from '../components/ui/PagedList';

const loadNewProjectDialog = () => import('./admin/NewProjectDialog');
const NewProjectDialog = lazy(() => loadNewProjectDialog().then((m) => ({ default: m.NewProjectDialog })));

/** The search given in the address (`?q=`), read once when the screen starts. */
function searchFromUrl(): string {
  return new URLSearchParams(window.location.search).get('q')?.slice(0, 200) ?? '';
}

/** Keeps `?q=` in the address in step with the search, so a reload or a shared link shows the same list. */
function writeSearchToUrl(search: string): void {
  const url = new URL(window.location.href);
  if (search) url.searchParams.set('q', search);
  else url.searchParams.delete('q');
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
}

const contains = (text: string | null, term: string) => (text ?? '').toLocaleLowerCase('pt-BR').includes(term.toLocaleLowerCase('pt-BR'));

/** Whether the list with these filters would show `p` (a project just created goes on top only then). */
function listed(p: AdminProject, { search, status, plan }: AdminProjectFilterValues): boolean {
  if ((status && p.status !== status) || (plan && p.plan !== plan)) return false;
  return !search || contains(p.title, search) || contains(p.client_name, search) || contains(p.client_email, search);
}

/** Any project created, changed (status, progress, plan) or deleted, by the team or a client, refreshes the list. */
const LIVE: LiveBinding[] = [{ table: 'projects' }];

/** The screen's first data call (no search, status or plan), which the page also sends early. */
export const firstRequests = () => listAdminProjects({ search: '', status: '', plan: '', after: null });

export default function AdminProjectsScreen() {
  const [filters, setFilters] = useState<AdminProjectFilterValues>(() => ({ search: searchFromUrl(), status: '', plan: '' }));
  const search = useDebouncedValue(filters.search.trim(), 300);
  const applied = { ...filters, search };
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogMounted = useOpenedOnce(dialogOpen);

  const list = usePagedList<AdminProject>(
    (_offset, after) => listAdminProjects({ ...applied, after }),
    `${search}|${filters.status}|${filters.plan}`,
    {
      enabled: true,
      onError: (e) => toast({ title: 'Erro ao carregar projetos', description: errorMessage(e), variant: 'destructive' }),
    },
  );

  useEffect(() => writeSearchToUrl(search), [search]);
  useLiveTable('admin-projects', LIVE, { refresh: list.refresh });

  const rowsRef = useRef(list.rows);
  rowsRef.current = list.rows;
  const appliedRef = useRef(applied);
  appliedRef.current = applied;
  const { setRows, setTotal } = list;
  const showCreated = useCallback(
    (project: AdminProject) => {
      if (!listed(project, appliedRef.current) || rowsRef.current.some((r) => r.id === project.id)) return;
      setRows((current) => [project, ...current.filter((r) => r.id !== project.id)]);
      setTotal((t) => t + 1);
    },
    [setRows, setTotal],
  );

  const filtered = search !== '' || filters.status !== '' || filters.plan !== '';

  return (
    <div>
      <AdminPageHeader
        title="Gestão de Projetos"
        description="Todos os projetos dos clientes da agência, dos mais recentes aos mais antigos."
        actions={
          <Button onClick={() => setDialogOpen(true)} onPointerEnter={loadNewProjectDialog} onFocus={loadNewProjectDialog}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Novo Projeto
          </Button>
        }
      />

      <AdminProjectFilters values={filters} busy={list.refreshing && list.status === 'ready'} onChange={setFilters} />

      <PagedList
        list={list}
        section="Lista de projetos"
        loadingLabel="Carregando projetos..."
        errorText="Erro ao carregar projetos."
        filtered={filtered}
        emptyFiltered={
          <>
            <p className="font-medium text-slate-900">Nenhum projeto encontrado</p>
            <p className="text-sm text-slate-600">Nenhum projeto corresponde aos filtros.</p>
            <Button variant="outline" onClick={() => setFilters({ search: '', status: '', plan: '' })}>
              Limpar filtros
            </Button>
          </>
        }
        empty={
          <>
            <p className="font-medium text-slate-900">Nenhum projeto encontrado</p>
            <p className="text-sm text-slate-600">Nenhum cliente tem projetos ainda.</p>
          </>
        }
        footer={{ noun: ['projeto', 'projetos'] }}
      >
        {(rows) => <AdminProjectsTable rows={rows} />}
      </PagedList>

      {dialogMounted && (
        <Suspense fallback={null}>
          <NewProjectDialog open={dialogOpen} onOpenChange={setDialogOpen} onCreated={showCreated} />
        </Suspense>
      )}
    </div>
  );
}
