// The 'Minhas Tarefas' header, drawn by the screen's island and by the frame the page paints from its HTML before the
// island starts: the header, the filters as the island draws them with nothing chosen, and the table, hidden until the
// page's boot script paints its first rows into it (src/boot/paint-list.ts).
import Plus from 'lucide-react/icons/plus';
import { Button } from '../ui/Button';
import { ScreenTitle } from '../shell/ScreenTitle';
import { TaskFilters } from './TaskFilters';
import { TasksTable } from './TasksTable';

/** The id of 'Nova Tarefa', where focus returns when the task dialog closes with no row to return to. */
export const NEW_TASK_BUTTON_ID = 'nova-tarefa';

export function TasksHeader({ onNew }: { onNew?: () => void }) {
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <ScreenTitle title="Minhas Tarefas" subtitle="Tarefas que você criou ou que foram atribuídas a você." small />
      <Button id={NEW_TASK_BUTTON_ID} onClick={onNew} className="self-start sm:self-auto">
        <Plus className="h-4 w-4" aria-hidden="true" />
        Nova Tarefa
      </Button>
    </header>
  );
}

const ignore = () => undefined;

export function TasksFrame() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-screen-fallback="">
      <TasksHeader />
      <section aria-label="Lista de tarefas" className="flex flex-col gap-4">
        <TaskFilters search="" onSearch={ignore} status="" onStatus={ignore} priority="" onPriority={ignore} scope="all" onScope={ignore} />
        <div hidden data-prepaint-reveal="">
          <TasksTable rows={[]} userId="" deletingId={null} onEdit={ignore} frame />
        </div>
      </section>
    </div>
  );
}
