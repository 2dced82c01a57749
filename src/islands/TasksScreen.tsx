// /tasks: 'Minhas Tarefas', the tasks the user created or was assigned, and the task modal.
import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../lib/stores/auth';
import { toast } from '../lib/stores/toast';
import { deleteTask, listTasks, type TaskRow } from '../lib/data/tasks';
import { isTaskPriority, isTaskStatus, taskDeleteQuestion, TASK_SCOPE_OPTIONS, type TaskScope } from '../lib/domain/task-rules';
import { useTaskFormOptions } from './tasks/useTaskFormOptions';
import { useDebouncedValue } from '../components/hooks/useDebouncedValue';
import { useTaskList } from './tasks/useTaskList';
import { TASK_FILTER_NAMES, TaskFilters } from '../components/tasks/TaskFilters';
import { useFrameValues } from '../components/hooks/useFrameValues';
import { TasksTable } from '../components/tasks/TasksTable';
import { Button } from '../components/ui/Button';
import { NoMatch, PagedList } from '../components/ui/PagedList';
import { useTaskDialog } from './tasks/useTaskDialog';
import { NEW_TASK_BUTTON_ID, TasksHeader } from '../components/tasks/TasksFrame';
import { ConfirmDelete } from '../components/projects/lazy-dialogs';
import { useConfirmDelete } from './hooks/useConfirmDelete';

// The modal (Radix Dialog and the form) is fetched once the list is on screen, not with the page.
const loadTaskFormDialog = () => import('../components/tasks/TaskFormDialog');
const TaskFormDialog = lazy(() => loadTaskFormDialog().then((m) => ({ default: m.TaskFormDialog })));

/** The screen's first data call, as its list makes it with no filter (the page sends it early and paints its rows). */
export const firstRequests = () => listTasks({ scope: 'all', search: '', status: '', priority: '', offset: 0 });

export default function TasksScreen() {
  const { user } = useStore($auth);
  const userId = user?.id ?? '';
  // What was typed or chosen in the page's frame before this first render is kept, with the focus.
  const frame = useFrameValues(TASK_FILTER_NAMES);
  const [searchInput, setSearchInput] = useState(frame.search);
  const search = useDebouncedValue(searchInput.trim(), 300);
  const [status, setStatus] = useState<string>(isTaskStatus(frame.status) ? frame.status : '');
  const [priority, setPriority] = useState<string>(isTaskPriority(frame.priority) ? frame.priority : '');
  const [scope, setScope] = useState<TaskScope>(TASK_SCOPE_OPTIONS.find((o) => o.value === frame.scope)?.value ?? 'all');
  const list = useTaskList(userId, { scope, search, status, priority });
  const { users, projects } = useTaskFormOptions(Boolean(userId) && list.status !== 'loading', loadTaskFormDialog);
  const dialog = useTaskDialog(userId, list);
  const removal = useConfirmDelete<TaskRow>(
    async (task) => {
      await deleteTask(task.id);
      list.setRows((rows) => rows.filter((r) => r.id !== task.id));
      list.setTotal((t) => Math.max(0, t - 1));
      toast({ title: 'Tarefa excluída', description: `A tarefa "${task.title}" foi excluída.` });
    },
    { title: 'Erro ao excluir tarefa', fallback: 'Não foi possível excluir a tarefa.' },
  );

  const filtered = Boolean(search || status || priority || scope !== 'all');
  const clearFilters = () => {
    setSearchInput('');
    setStatus('');
    setPriority('');
    setScope('all');
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <TasksHeader onNew={dialog.openCreate} />

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

        <PagedList
          list={list}
          loadingLabel="Carregando tarefas..."
          errorText="Não foi possível buscar suas tarefas."
          filtered={filtered}
          emptyFiltered={<NoMatch text="Nenhuma tarefa corresponde aos filtros." onClear={clearFilters} />}
          empty={
            <>
              <p className="font-medium text-slate-900">Você ainda não tem tarefas.</p>
              <Button onClick={dialog.openCreate}>Criar sua primeira tarefa</Button>
            </>
          }
          footer={{ noun: ['tarefa', 'tarefas'] }}
        >
          {(rows) => <TasksTable rows={rows} userId={userId} deletingId={removal.deletingId} onEdit={dialog.openEdit} onDelete={removal.ask} />}
        </PagedList>
      </section>

      <ConfirmDelete
        {...removal.dialog}
        title="Excluir tarefa?"
        description={removal.toDelete ? taskDeleteQuestion(removal.toDelete.title) : ''}
        fallbackFocus={() => document.getElementById(NEW_TASK_BUTTON_ID)}
      />

      {dialog.dialogMounted && (
        <Suspense fallback={null}>
          <TaskFormDialog
            open={dialog.modal.open}
            mode={dialog.modal.mode}
            values={dialog.modal.values}
            onChange={dialog.changeValues}
            errors={dialog.fieldErrors}
            saving={dialog.saving}
            conflict={dialog.conflict}
            reloading={dialog.reloading}
            onReload={dialog.reloadConflicted}
            onSubmit={dialog.save}
            onClose={dialog.closeModal}
            returnFocus={dialog.returnFocus}
            users={users}
            extraAssignee={dialog.extraAssignee}
            projects={projects}
            extraProject={dialog.extraProject}
          />
        </Suspense>
      )}
    </div>
  );
}
