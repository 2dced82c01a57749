// 'Atualizações' tab of a project, for the client and the agency: the timeline newest first in pages ('Carregar mais'),
// a box to post an update, and delete (author within 15 minutes, admins any) after a confirmation. The text being
// written lives in a draft with the id it will be posted under: a failed post keeps both, so the retry finds the row
// of an attempt whose answer was lost instead of posting it twice. Editing the text after a failed attempt takes a
// new id (the edited text is a new update). The timeline is live: an update posted or deleted elsewhere shows without a
// reload, merged by id with the ones this tab posted.
import { useEffect, useMemo, useRef, useState } from 'react';
import { currentUser } from '../../lib/data/data-errors';
import { createProjectUpdate, deleteProjectUpdate, listProjectUpdates, type ProjectUpdate } from '../../lib/data/project-updates';
import { isStaffUpdate, mayDeleteUpdate, updateProblem } from '../../lib/domain/project-update-rules';
import { isRecord, sessionDraft } from '../../lib/stores/drafts';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { newId } from '../../lib/util/ids';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { FormField } from '../../components/ui/FormField';
import { LoadMoreButton } from '../../components/ui/ListFooter';
import { ListError, ListLoading } from '../../components/ui/ListPanels';
import { Textarea } from '../../components/ui/Textarea';
import { ConfirmDelete } from '../../components/projects/lazy-dialogs';
import { UpdateItem } from '../../components/projects/UpdateItem';
import { useLiveTable } from '../hooks/useLiveTable';
import type { LiveBinding } from '../../lib/data/live';
import { refreshFirstPage } from '../../lib/data/live-rows';
import { useConfirmDelete } from '../hooks/useConfirmDelete';

interface Props {
  projectId: string;
  /** The project's owner: an update by anyone else is the agency's ('Equipe'). */
  ownerId: string;
}

interface UpdateDraft {
  id: string;
  content: string;
  /** A post of this id was tried and failed: its answer may have been lost. */
  attempted: boolean;
}

const readDraft = (v: unknown): UpdateDraft | null =>
  isRecord(v) && typeof v.id === 'string' && typeof v.content === 'string' && typeof v.attempted === 'boolean' ? (v as unknown as UpdateDraft) : null;
const draftStore = (projectId: string) =>
  sessionDraft(`portal-ia:update-draft:${projectId}`, readDraft, (d) => d.content === '' && !d.attempted);

const fresh = (): UpdateDraft => ({ id: newId(), content: '', attempted: false });

export default function UpdatesPanel({ projectId, ownerId }: Props) {
  const store = draftStore(projectId);
  const [draft, setDraft] = useState<UpdateDraft>(() => store.load() ?? fresh());
  const [problem, setProblem] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [rows, setRows] = useState<ProjectUpdate[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [state, setState] = useState<'loading' | 'error' | 'ready'>('loading');
  const [loadError, setLoadError] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const [me, setMe] = useState<{ id: string; isAdmin: boolean } | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  useEffect(() => store.save(draft), [draft]);

  async function loadFirst() {
    setState('loading');
    try {
      const [page, who] = await Promise.all([listProjectUpdates(projectId), currentUser()]);
      setRows(page.rows);
      setHasMore(page.hasMore);
      setMe(who);
      setState('ready');
    } catch (e) {
      setLoadError(errorMessage(e, 'Não foi possível carregar as atualizações.'));
      setState('error');
    }
  }

  useEffect(() => {
    void loadFirst();
  }, [projectId]);

  const shown = useRef({ rows, hasMore });
  shown.current = { rows, hasMore };
  const ready = state === 'ready';
  const live = useMemo<LiveBinding[] | null>(
    () => (ready ? [{ table: 'project_updates', filter: `project_id=eq.${projectId}` }] : null),
    [ready, projectId],
  );
  useLiveTable('project-updates', live, {
    refresh: () => {
      listProjectUpdates(projectId).then(
        (page) => {
          const merged = refreshFirstPage(shown.current, page, (r) => r.id);
          shown.current = merged;
          setRows(merged.rows);
          setHasMore(merged.hasMore);
        },
        () => undefined, // the rows shown stay; the next change reads again
      );
    },
  });

  async function loadMore() {
    const last = rows[rows.length - 1];
    if (!last || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await listProjectUpdates(projectId, { after: { created_at: last.created_at, id: last.id } });
      setRows((current) => [...current, ...page.rows.filter((r) => !current.some((c) => c.id === r.id))]);
      setHasMore(page.hasMore);
    } catch (e) {
      toast({ title: 'Erro ao carregar atualizações', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  }

  async function post() {
    if (posting) return;
    const invalid = updateProblem(draft.content);
    setProblem(invalid);
    if (invalid) {
      box.current?.focus();
      return;
    }
    setPosting(true);
    try {
      const stored = await createProjectUpdate({ id: draft.id, projectId, content: draft.content });
      setRows((current) => [stored, ...current.filter((r) => r.id !== stored.id)]);
      setDraft(fresh());
      toast({ title: 'Atualização adicionada' });
    } catch (e) {
      setDraft((d) => ({ ...d, attempted: true }));
      toast({
        title: 'Erro ao adicionar atualização',
        description: `${errorMessage(e)} Seu texto foi mantido; tente novamente.`,
        variant: 'destructive',
      });
    } finally {
      setPosting(false);
    }
  }

  function edit(content: string) {
    setProblem(null);
    setDraft((d) => (d.attempted && content !== d.content ? { id: newId(), content, attempted: false } : { ...d, content }));
  }

  const removal = useConfirmDelete<ProjectUpdate>(
    async (update) => {
      await deleteProjectUpdate(update.id);
      setRows((current) => current.filter((r) => r.id !== update.id));
      toast({ title: 'Atualização excluída' });
    },
    { title: 'Erro ao excluir atualização' },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Atualizações</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void post();
          }}
        >
          <FormField label="Nova atualização" error={problem}>
            <Textarea
              ref={box}
              placeholder="Adicionar uma nova atualização..."
              rows={3}
              value={draft.content}
              disabled={posting}
              onChange={(e) => edit(e.target.value)}
            />
          </FormField>
          <div>
            <Button type="submit" loading={posting}>
              {posting ? 'Adicionando...' : 'Adicionar Atualização'}
            </Button>
          </div>
        </form>

        {state === 'loading' && <ListLoading label="Carregando atualizações..." />}
        {state === 'error' && <ListError message={loadError} onRetry={() => void loadFirst()} />}
        {state === 'ready' && rows.length === 0 && <p className="text-sm text-slate-500">Nenhuma atualização ainda.</p>}
        {state === 'ready' && rows.length > 0 && (
          <ul className="flex flex-col gap-3" aria-label="Atualizações do projeto">
            {rows.map((u) => (
              <UpdateItem
                key={u.id}
                author={u.author?.full_name || (u.author_id ? 'Usuário' : 'Usuário removido')}
                staff={isStaffUpdate(u, ownerId)}
                createdAt={u.created_at}
                content={u.content}
                canDelete={me !== null && mayDeleteUpdate(u, me)}
                onDelete={() => removal.ask(u)}
              />
            ))}
          </ul>
        )}
        <LoadMoreButton hasMore={state === 'ready' && hasMore} loading={loadingMore} onLoadMore={() => void loadMore()} />
      </CardContent>

      <ConfirmDelete
        {...removal.dialog}
        title="Excluir atualização?"
        description="Esta atualização será excluída para todos que acompanham o projeto. Esta ação não pode ser desfeita."
        fallbackFocus={() => box.current}
      />
    </Card>
  );
}
