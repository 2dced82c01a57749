// /admin/collaborators: 'Equipe' (the staff with their open tasks and tickets answered in the last 30 days) and
// 'Gerenciamento de Tarefas' (every task, which row-level security lets an admin read, filtered on the server by
// assignee, status and priority). Both read-only here: a task is edited by its creator or assignee in 'Minhas Tarefas'.
import { useEffect, useState } from 'react';
import { toast } from '../lib/stores/toast';
import { listTasks, UNASSIGNED, type TaskRow } from '../lib/data/tasks';
import { listTeam, type TeamMember } from '../lib/data/team';
import { personLabel } from '../lib/domain/profile-rules';
import { isTaskPriority, isTaskStatus } from '../lib/domain/task-rules';
import { errorMessage } from '../lib/util/error-message';
import { usePagedList } from './hooks/usePagedList';
import { TaskFilters, type AssigneeOption } from '../components/tasks/TaskFilters';
import { TasksTable } from '../components/tasks/TasksTable';
import { TeamMembers } from '../components/admin/TeamMembers';
import { ListEmpty, ListError, ListLoading } from '../components/ui/ListPanels';
import { NoMatch, PagedList } from '../components/ui/PagedList';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/Tabs';

type TeamState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; members: TeamMember[] };

const heading = 'mb-3 text-lg font-semibold text-slate-900';

function useTeam() {
  const [team, setTeam] = useState<TeamState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setTeam({ status: 'loading' });
    listTeam()
      .then((members) => live && setTeam({ status: 'ready', members }))
      .catch((error) => {
        if (!live) return;
        setTeam({ status: 'error' });
        toast({ title: 'Erro ao carregar a equipe', description: errorMessage(error, 'Não foi possível buscar a equipe.'), variant: 'destructive' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);
  return { team, retry: () => setAttempt((n) => n + 1) };
}

function TeamTasks({ members }: { members: readonly TeamMember[] }) {
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  const list = usePagedList<TaskRow>(
    (offset) =>
      listTasks({
        scope: 'team',
        assignee,
        status: isTaskStatus(status) ? status : '',
        priority: isTaskPriority(priority) ? priority : '',
        offset,
      }),
    `${assignee}|${status}|${priority}`,
    {
      enabled: true,
      onError: (error) =>
        toast({
          title: 'Erro ao carregar tarefas',
          description: errorMessage(error, 'Não foi possível buscar as tarefas da equipe.'),
          variant: 'destructive',
        }),
    },
  );
  const options: AssigneeOption[] = [
    ...members.map((m) => ({ value: m.id, label: personLabel(m) || 'Sem nome' })),
    { value: UNASSIGNED, label: 'Sem responsável' },
  ];
  const filtered = Boolean(assignee || status || priority);
  const clearFilters = () => {
    setAssignee('');
    setStatus('');
    setPriority('');
  };

  return (
    <section aria-label="Tarefas da equipe" aria-busy={list.refreshing} className="flex flex-col gap-4">
      <TaskFilters
        assignee={assignee}
        onAssignee={setAssignee}
        assigneeOptions={options}
        status={status}
        onStatus={setStatus}
        priority={priority}
        onPriority={setPriority}
      />
      <PagedList
        list={list}
        loadingLabel="Carregando tarefas..."
        errorText="Não foi possível buscar as tarefas da equipe."
        filtered={filtered}
        emptyFiltered={<NoMatch text="Nenhuma tarefa corresponde aos filtros." onClear={clearFilters} />}
        empty={<p className="font-medium text-slate-900">Nenhuma tarefa cadastrada ainda.</p>}
        footer={{ noun: ['tarefa', 'tarefas'], total: null }}
      >
        {(rows) => <TasksTable rows={rows} userId="" deletingId={null} showCreator />}
      </PagedList>
    </section>
  );
}

export default function AdminCollaboratorsScreen() {
  const { team, retry } = useTeam();
  const members = team.status === 'ready' ? team.members : [];
  return (
    <Tabs defaultValue="team">
      <TabsList aria-label="Seções de colaboradores" className="h-auto">
        <TabsTrigger value="team">Equipe</TabsTrigger>
        <TabsTrigger value="tasks">Gerenciamento de Tarefas</TabsTrigger>
      </TabsList>
      <TabsContent value="team" className="mt-4">
        <h2 className={heading}>Equipe</h2>
        {team.status === 'loading' ? (
          <ListLoading label="Carregando a equipe..." />
        ) : team.status === 'error' ? (
          <ListError message="Não foi possível buscar a equipe." onRetry={retry} />
        ) : members.length === 0 ? (
          <ListEmpty>
            <p className="font-medium text-slate-900">Nenhum administrador cadastrado.</p>
          </ListEmpty>
        ) : (
          <TeamMembers members={members} />
        )}
      </TabsContent>
      <TabsContent value="tasks" className="mt-4">
        <h2 className={heading}>Gerenciamento de Tarefas</h2>
        <TeamTasks members={members} />
      </TabsContent>
    </Tabs>
  );
}
