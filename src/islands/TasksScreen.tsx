// /tasks: 'Minhas Tarefas', the tasks the user created or was assigned, and the task modal.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Plus } from 'lucide-react';
import { $auth } from '../lib/stores/auth';
import { toast } from '../lib/stores/toast';
import { ConflictError, NotFoundError } from '../lib/data/data-errors';
import { createTask, deleteTask, getTask, listTasks, updateTask, type TaskRow } from '../lib/data/tasks';
import {
  EMPTY_TASK_FORM,
  isTaskPriority,
  isTaskStatus,
  taskToFormValues,
  validateTaskForm,
  type TaskFormValues,
  type TaskScope,
} from '../lib/domain/task-rules';
import { personLabel } from '../lib/data/profiles';
import { LIMITS, charLength } from '../lib/domain/field-limits';
import { useTaskFormOptions } from '../components/tasks/useTaskFormOptions';
import { ListFooter } from '../components/ui/ListFooter';
import { useDebouncedValue } from '../components/hooks/useDebouncedValue';
import { usePagedList } from '../components/hooks/usePagedList';
import { TaskFilters } from '../components/tasks/TaskFilters';
import { TasksTable, taskActionsId } from '../components/tasks/TasksTable';
import { Button } from '../components/ui/Button';
import { ListEmpty, ListError, ListLoading } from '../components/ui/ListPanels';
import { errorMessage } from '../lib/util/error-message';
import { newId } from '../lib/util/ids';
import { taskDraft } from '../components/tasks/task-draft';
import { CLOSED, draftFromModal, modalFromDraft, type ModalState } from '../components/tasks/task-modal';
import { ScreenTitle } from '../components/shell/ScreenTitle';

// The modal (Radix Dialog and the form) is fetched once the list is on screen, not with the page.
const loadTaskFormDialog = () => import('../components/tasks/TaskFormDialog');
const TaskFormDialog = lazy(() => loadTaskFormDialog().then((m) => ({ default: m.TaskFormDialog })));

const NEW_TASK_BUTTON_ID = 'nova-tarefa';
const KEPT = 'Seus dados foram mantidos no formulário; tente novamente.';
const KEPT_RELOAD = 'Seus dados foram mantidos no formulário.';

type FieldErrors = Partial<Record<'title' | 'description', string>>;

export default function TasksScreen() {
  const { user } = useStore($auth);
  const userId = user?.id ?? '';
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  const [scope, setScope] = useState<TaskScope>('all');
  // A reload while the dialog was open opens it again with what was typed (read in the first render).
  const [modal, setModal] = useState<ModalState>(() => (userId ? modalFromDraft(taskDraft(userId).load()) : CLOSED));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [dialogMounted, setDialogMounted] = useState(modal.open);
  const savingRef = useRef(false);
  const returnFocusId = useRef(NEW_TASK_BUTTON_ID);

  const list = usePagedList<TaskRow>(
    (offset) =>
      listTasks({
        scope,
        search,
        status: isTaskStatus(status) ? status : '',
        priority: isTaskPriority(priority) ? priority : '',
        offset,
      }),
    `${userId}|${scope}|${search}|${status}|${priority}`,
    {
      enabled: Boolean(userId),
      remember: 'tasks',
      onError: (error) =>
        toast({
          title: 'Erro ao carregar tarefas',
          description: ['Não foi possível buscar suas tarefas.', errorMessage(error, '')].filter(Boolean).join(' '),
          variant: 'destructive',
        }),
    },
  );

  const { users, projects } = useTaskFormOptions(Boolean(userId) && list.status !== 'loading', loadTaskFormDialog);

  // Everything typed in the open dialog is kept in this tab until it is saved or the dialog is closed.
  useEffect(() => {
    if (userId && modal.open) taskDraft(userId).save(draftFromModal(modal));
  }, [userId, modal]);

  // An edit reopened after a reload has its values but not the row (for the assignee and project labels).
  const editId = modal.open && modal.mode === 'edit' && !modal.row ? modal.id : '';
  useEffect(() => {
    if (!editId) return;
    let live = true;
    getTask(editId).then(
      (row) => live && setModal((m) => (m.id === row.id ? { ...m, row } : m)),
      () => undefined, // the save will say what is wrong (missing task, conflict)
    );
    return () => {
      live = false;
    };
  }, [editId]);

  function changeValues(values: TaskFormValues) {
    setModal((m) => ({ ...m, values }));
    // A message about a field goes away as soon as the field is fixed.
    setFieldErrors((errors) => {
      const next = { ...errors };
      if (next.title && values.title.trim()) delete next.title;
      if (next.description && charLength(values.description) <= LIMITS.taskDescription) delete next.description;
      return next;
    });
  }

  function resetModalFlags() {
    setFieldErrors({});
    setConflict(null);
    setReloading(false);
  }

  function openCreate() {
    resetModalFlags();
    returnFocusId.current = NEW_TASK_BUTTON_ID;
    setDialogMounted(true);
    // A create that failed: its id and values come back when the modal is reopened, so a retry never duplicates.
    const stored = taskDraft(userId).load();
    const pending = stored?.mode === 'create' ? stored : null;
    setModal({
      open: true,
      mode: 'create',
      id: pending?.id ?? newId(),
      loadedUpdatedAt: '',
      row: null,
      values: pending?.values ?? EMPTY_TASK_FORM,
      attempted: pending?.attempted ?? false,
    });
  }

  function openEdit(task: TaskRow) {
    resetModalFlags();
    returnFocusId.current = taskActionsId(task.id);
    setDialogMounted(true);
    setModal({ open: true, mode: 'edit', id: task.id, loadedUpdatedAt: task.updated_at, row: task, values: taskToFormValues(task), attempted: false });
  }

  function closeModal() {
    if (savingRef.current) return;
    // A create already sent keeps its id and values for the retry; anything else closed is let go.
    if (modal.mode === 'create' && modal.attempted) taskDraft(userId).save(draftFromModal({ ...modal, open: false }));
    else taskDraft(userId).clear();
    setModal((m) => ({ ...m, open: false }));
  }

  async function save() {
    if (savingRef.current) return;
    const checked = validateTaskForm(modal.values);
    if (!checked.ok) {
      if (checked.field !== 'due_date') setFieldErrors({ [checked.field]: checked.description });
      toast({ title: checked.title, description: checked.description, variant: 'destructive' });
      return;
    }
    setFieldErrors({});
    savingRef.current = true;
    setSaving(true);
    const { mode, id } = modal;
    if (mode === 'create') setModal((m) => ({ ...m, attempted: true }));
    try {
      if (mode === 'create') {
        const row = await createTask(id, checked.input);
        list.setRows((rows) => [row, ...rows.filter((r) => r.id !== row.id)]);
        list.setTotal((t) => t + 1);
        toast({ title: 'Tarefa criada!', description: `A tarefa "${row.title}" foi criada.` });
      } else {
        const row = await updateTask(id, checked.input, modal.loadedUpdatedAt);
        list.setRows((rows) => rows.map((r) => (r.id === row.id ? row : r)));
        toast({ title: 'Tarefa atualizada!', description: `A tarefa "${row.title}" foi atualizada.` });
      }
      savingRef.current = false;
      taskDraft(userId).clear();
      setModal((m) => ({ ...m, open: false }));
    } catch (error) {
      if (error instanceof ConflictError) {
        setConflict(error.message);
        toast({ title: 'Erro ao atualizar tarefa', description: `${error.message} ${KEPT_RELOAD}`, variant: 'destructive' });
      } else {
        toast({
          title: mode === 'create' ? 'Erro ao criar tarefa' : 'Erro ao atualizar tarefa',
          description: [errorMessage(error, ''), KEPT].filter(Boolean).join(' '),
          variant: 'destructive',
        });
      }
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }

  async function reloadConflicted() {
    setReloading(true);
    try {
      const row = await getTask(modal.id).catch((e: unknown) => {
        if (e instanceof NotFoundError) return null;
        throw e;
      });
      if (!row) {
        list.setRows((rows) => rows.filter((r) => r.id !== modal.id));
        list.setTotal((t) => Math.max(0, t - 1));
        toast({ title: 'Tarefa não encontrada', description: 'Esta tarefa foi excluída ou não está mais visível para você.', variant: 'destructive' });
        setModal((m) => ({ ...m, open: false }));
        return;
      }
      list.setRows((rows) => rows.map((r) => (r.id === row.id ? row : r)));
      setModal((m) => ({ ...m, row, loadedUpdatedAt: row.updated_at, values: taskToFormValues(row) }));
      setConflict(null);
    } catch (error) {
      toast({ title: 'Erro ao carregar tarefas', description: errorMessage(error, '') || 'Não foi possível buscar suas tarefas.', variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  }

  async function handleDelete(task: TaskRow) {
    if (deletingId) return;
    if (!window.confirm(`Tem certeza que deseja excluir a tarefa "${task.title}"?`)) return;
    setDeletingId(task.id);
    try {
      await deleteTask(task.id);
      list.setRows((rows) => rows.filter((r) => r.id !== task.id));
      list.setTotal((t) => Math.max(0, t - 1));
      toast({ title: 'Tarefa excluída', description: `A tarefa "${task.title}" foi excluída.` });
      returnFocusAfterDelete();
    } catch (error) {
      toast({
        title: 'Erro ao excluir tarefa',
        description: errorMessage(error, '') || 'Não foi possível excluir a tarefa.',
        variant: 'destructive',
      });
    } finally {
      setDeletingId(null);
    }
  }

  function returnFocusAfterDelete() {
    requestAnimationFrame(() => document.getElementById(NEW_TASK_BUTTON_ID)?.focus());
  }

  const filtered = Boolean(search || status || priority || scope !== 'all');
  const clearFilters = () => {
    setSearchInput('');
    setStatus('');
    setPriority('');
    setScope('all');
  };

  const row = modal.row;
  const extraAssignee =
    modal.mode === 'edit' && row?.assigned_to
      ? { id: row.assigned_to, label: personLabel(row.assignee) || 'Usuário atual' }
      : null;
  const extraProject =
    modal.mode === 'edit' && row?.project_id ? { id: row.project_id, label: row.project?.title || 'Projeto atual' } : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ScreenTitle title="Minhas Tarefas" subtitle="Tarefas que você criou ou que foram atribuídas a você." small />
        <Button id={NEW_TASK_BUTTON_ID} onClick={openCreate} className="self-start sm:self-auto">
          <Plus className="h-4 w-4" aria-hidden="true" />
          Nova Tarefa
        </Button>
      </header>

      <section aria-label="Lista de tarefas" aria-busy={list.refreshing} className="flex flex-col gap-4">
        <TaskFilters
          search={searchInput}
          onSearch={setSearchInput}
          status={status}
          onStatus={setStatus}
          priority={priority}
          onPriority={setPriority}
          scope={scope}
          onScope={setScope}
        />

        {list.status === 'loading' ? (
          <ListLoading label="Carregando tarefas..." />
        ) : list.status === 'error' ? (
          <ListError message="Não foi possível buscar suas tarefas." onRetry={list.reload} />
        ) : list.rows.length === 0 ? (
          <ListEmpty>
            {filtered ? (
              <>
                <p className="font-medium text-slate-900">Nenhuma tarefa corresponde aos filtros.</p>
                <Button variant="outline" onClick={clearFilters}>
                  Limpar filtros
                </Button>
              </>
            ) : (
              <>
                <p className="font-medium text-slate-900">Você ainda não tem tarefas.</p>
                <Button onClick={openCreate}>Criar sua primeira tarefa</Button>
              </>
            )}
          </ListEmpty>
        ) : (
          <div className={list.refreshing ? 'opacity-60 transition-opacity' : undefined}>
            <TasksTable rows={list.rows} userId={userId} deletingId={deletingId} onEdit={openEdit} onDelete={handleDelete} />
            <ListFooter
              shown={list.rows.length}
              total={list.total}
              hasMore={list.hasMore}
              noun={(list.total ?? list.rows.length) === 1 ? 'tarefa' : 'tarefas'}
              loadingMore={list.loadingMore}
              onLoadMore={list.loadMore}
            />
          </div>
        )}
      </section>

      {dialogMounted && (
        <Suspense fallback={null}>
          <TaskFormDialog
            open={modal.open}
            mode={modal.mode}
            values={modal.values}
            onChange={changeValues}
            errors={fieldErrors}
            saving={saving}
            conflict={conflict}
            reloading={reloading}
            onReload={reloadConflicted}
            onSubmit={save}
            onClose={closeModal}
            returnFocus={() => document.getElementById(returnFocusId.current) ?? document.getElementById(NEW_TASK_BUTTON_ID)}
            users={users}
            extraAssignee={extraAssignee}
            projects={projects}
            extraProject={extraProject}
          />
        </Suspense>
      )}
    </div>
  );
}
