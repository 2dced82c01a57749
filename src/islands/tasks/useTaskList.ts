// The 'Minhas Tarefas' list on the shared paged-list hook: the first page for the current scope, search, status and
// priority, 'Carregar mais', and the 'Erro ao carregar tarefas' toast of a failed read.
import { listTasks, type TaskRow } from '../../lib/data/tasks';
import { isTaskPriority, isTaskStatus, type TaskScope } from '../../lib/domain/task-rules';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { usePagedList } from '../hooks/usePagedList';

/** The filters of the list as the screen holds them (status and priority: '' or a value of the select). */
export interface TaskListFilters {
  scope: TaskScope;
  search: string;
  status: string;
  priority: string;
}

/** The list's name for its kept and pre-painted rows. */
export const TASK_LIST = 'tasks';

/** The key of one filter combination of `userId`'s list. */
export const taskListKey = (userId: string, f: TaskListFilters) => `${userId}|${f.scope}|${f.search}|${f.status}|${f.priority}`;

/** The tasks of the signed-in user `userId` (nothing is read until it is known) that match `filters`, page by page. */
export function useTaskList(userId: string, { scope, search, status, priority }: TaskListFilters) {
  return usePagedList<TaskRow>(
    (offset) =>
      listTasks({
        scope,
        search,
        status: isTaskStatus(status) ? status : '',
        priority: isTaskPriority(priority) ? priority : '',
        offset,
      }),
    taskListKey(userId, { scope, search, status, priority }),
    {
      enabled: Boolean(userId),
      remember: TASK_LIST,
      onError: (error) =>
        toast({
          title: 'Erro ao carregar tarefas',
          description: ['Não foi possível buscar suas tarefas.', errorMessage(error, '')].filter(Boolean).join(' '),
          variant: 'destructive',
        }),
    },
  );
}
