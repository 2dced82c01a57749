import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from './clients-fake-supabase';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./clients-fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

import { ConflictError } from '../../src/lib/data/data-errors';
import { TASK_SELECT, UNASSIGNED, createTask, deleteTask, listMyProjectOptions, listTasks, updateTask } from '../../src/lib/data/tasks';
import { EMPTY_TASK_FORM, TASK_PRIORITIES, TASK_SCOPE_OPTIONS, TASK_STATUSES, taskPriorityBadgeClass, taskStatusBadgeClass, taskToFormValues, validateTaskForm, type TaskInput } from '../../src/lib/domain/task-rules';
import { listAssignableUsers } from '../../src/lib/data/profiles';
import { personLabel } from '../../src/lib/domain/profile-rules';

const sb = () => fake.current!;
beforeEach(() => sb().reset());

const input: TaskInput = {
  title: 'Revisar contrato',
  description: null,
  status: 'Pendente',
  priority: 'Média',
  due_date: null,
  assigned_to: null,
  project_id: null,
};

describe('opções de tarefa', () => {
  it('status Pendente, Em Andamento, Concluída, Bloqueada; prioridade Baixa, Média, Alta, Urgente', () => {
    expect(TASK_STATUSES).toEqual(['Pendente', 'Em Andamento', 'Concluída', 'Bloqueada']);
    expect(TASK_PRIORITIES).toEqual(['Baixa', 'Média', 'Alta', 'Urgente']);
  });

  it('o formulário novo começa com status Pendente e prioridade Média', () => {
    expect(EMPTY_TASK_FORM.status).toBe('Pendente');
    expect(EMPTY_TASK_FORM.priority).toBe('Média');
    expect(EMPTY_TASK_FORM.assigned_to).toBe('');
  });

  it('escopos: Todas Tarefas, Atribuídas a Mim, Criadas por Mim', () => {
    expect(TASK_SCOPE_OPTIONS.map((o) => o.label)).toEqual(['Todas Tarefas', 'Atribuídas a Mim', 'Criadas por Mim']);
  });

  it('cada status e cada prioridade têm sua cor de selo', () => {
    expect(new Set(TASK_STATUSES.map(taskStatusBadgeClass)).size).toBe(4);
    expect(new Set(TASK_PRIORITIES.map(taskPriorityBadgeClass)).size).toBe(4);
    expect(taskStatusBadgeClass('Concluída')).toContain('green');
    expect(taskPriorityBadgeClass('Urgente')).toContain('red');
  });
});

describe('validação do formulário de tarefa', () => {
  it('título vazio ou só espaços: "Título obrigatório"', () => {
    const r = validateTaskForm({ ...EMPTY_TASK_FORM, title: '   ' });
    expect(r).toEqual({
      ok: false,
      field: 'title',
      title: 'Título obrigatório',
      description: 'Por favor, forneça um título para a tarefa.',
    });
  });

  it('título com mais de 200 caracteres e descrição com mais de 5000 são recusados em pt-BR', () => {
    expect(validateTaskForm({ ...EMPTY_TASK_FORM, title: 'x'.repeat(201) })).toMatchObject({
      ok: false,
      field: 'title',
      description: 'O título da tarefa pode ter no máximo 200 caracteres.',
    });
    expect(validateTaskForm({ ...EMPTY_TASK_FORM, title: 'T', description: 'd'.repeat(5001) })).toMatchObject({
      ok: false,
      field: 'description',
      description: 'A descrição da tarefa pode ter no máximo 5000 caracteres.',
    });
    expect(validateTaskForm({ ...EMPTY_TASK_FORM, title: ` ${'é'.repeat(200)} `, description: 'd'.repeat(5000) }).ok).toBe(true);
  });

  it('campos opcionais vazios viram null e o título é aparado', () => {
    const r = validateTaskForm({ ...EMPTY_TASK_FORM, title: '  Ligar para o cliente ', description: '  ' });
    expect(r).toEqual({ ok: true, input: { ...input, title: 'Ligar para o cliente' } });
  });

  it('guarda data de entrega, responsável e projeto escolhidos', () => {
    const r = validateTaskForm({
      ...EMPTY_TASK_FORM,
      title: 'T',
      description: 'Detalhes\nmais',
      due_date: '2026-12-31',
      assigned_to: 'u2',
      project_id: 'p1',
      status: 'Bloqueada',
      priority: 'Urgente',
    });
    expect(r.ok && r.input).toEqual({
      title: 'T',
      description: 'Detalhes\nmais',
      status: 'Bloqueada',
      priority: 'Urgente',
      due_date: '2026-12-31',
      assigned_to: 'u2',
      project_id: 'p1',
    });
  });

  it('recusa uma data de entrega que não é uma data', () => {
    const r = validateTaskForm({ ...EMPTY_TASK_FORM, title: 'T', due_date: '31/12/2026' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.field).toBe('due_date');
  });

  it('uma tarefa salva volta ao formulário com strings vazias no lugar de null', () => {
    const values = taskToFormValues({
      ...input,
      id: 't1',
      created_by: 'u1',
      created_at: '',
      updated_at: '',
      overdue: false,
    });
    expect(values).toEqual({ ...EMPTY_TASK_FORM, title: 'Revisar contrato' });
  });
});

describe('listTasks', () => {
  it('Todas Tarefas: 51 das criadas por mim ou atribuídas a mim, com criador, responsável e projeto, sem contar', async () => {
    sb().answer({ data: [{ id: 't1' }] });
    const page = await listTasks({ scope: 'all' });
    expect(page).toEqual({ rows: [{ id: 't1' }], hasMore: false });
    const calls = sb().last('tasks');
    expect(calls).toContainEqual(['select', TASK_SELECT]);
    expect(TASK_SELECT).toBe(
      '*,overdue,creator:profiles!tasks_created_by_fkey(full_name,email),assignee:profiles!tasks_assigned_to_fkey(full_name,email),project:projects(title)',
    );
    expect(calls).toContainEqual(['or', 'created_by.eq.u1,assigned_to.eq.u1']);
    expect(calls).toContainEqual(['order', 'created_at', { ascending: false }]);
    expect(calls).toContainEqual(['range', 0, 50]);
  });

  it('com 51 linhas devolvidas mostra 50 e diz que há mais ("Carregar mais")', async () => {
    const rows = Array.from({ length: 51 }, (_, i) => ({ id: `t${i}` }));
    sb().answer({ data: rows });
    expect(await listTasks({ offset: 50 })).toEqual({ rows: rows.slice(0, 50), hasMore: true });
    expect(sb().last('tasks')).toContainEqual(['range', 50, 100]);
  });

  it('Atribuídas a Mim filtra assigned_to; Criadas por Mim filtra created_by', async () => {
    await listTasks({ scope: 'assigned' });
    expect(sb().last('tasks')).toContainEqual(['eq', 'assigned_to', 'u1']);
    expect(sb().last('tasks').some((c) => c[0] === 'or')).toBe(false);
    await listTasks({ scope: 'created' });
    expect(sb().last('tasks')).toContainEqual(['eq', 'created_by', 'u1']);
  });

  it('filtra status e prioridade no servidor', async () => {
    await listTasks({ status: 'Concluída', priority: 'Alta', offset: 100 });
    const calls = sb().last('tasks');
    expect(calls).toContainEqual(['eq', 'status', 'Concluída']);
    expect(calls).toContainEqual(['eq', 'priority', 'Alta']);
    expect(calls).toContainEqual(['range', 100, 150]);
  });

  it('busca no título pelo rpc search_tasks (termo literal, escopo, filtros, página) com as relações embutidas, numa consulta só', async () => {
    const rows = [{ id: 't2', title: 'Dois' }, { id: 't1', title: 'Um' }];
    sb().answer({ data: rows });
    const page = await listTasks({
      scope: 'assigned', search: ' 100% ', status: 'Concluída', priority: 'Alta', offset: 100,
    });
    expect(sb().rpcs).toEqual([
      {
        fn: 'search_tasks',
        args: {
          search_term: '100%', task_scope: 'assigned', status_filter: 'Concluída', priority_filter: 'Alta',
          page_offset: 100, page_limit: 51,
        },
      },
    ]);
    expect(sb().queries.map((q) => q.table)).toEqual(['rpc:search_tasks']);
    expect(sb().last('rpc:search_tasks')).toEqual([['select', TASK_SELECT], ['overrideTypes']]);
    expect(page).toEqual({ rows, hasMore: false });
  });

  it('a busca que volta uma linha a mais que a página mostra a página e avisa que há mais', async () => {
    sb().answer({ data: [{ id: 't3' }, { id: 't2' }, { id: 't1' }] });
    expect(await listTasks({ search: 'a', limit: 2 })).toEqual({ rows: [{ id: 't3' }, { id: 't2' }], hasMore: true });
    expect(sb().rpcs[0]!.args).toMatchObject({ page_offset: 0, page_limit: 3 });
  });

  it('uma busca sem resultado é uma consulta só', async () => {
    sb().answer({ data: [] });
    expect(await listTasks({ search: 'nada' })).toEqual({ rows: [], hasMore: false });
    expect(sb().queries.map((q) => q.table)).toEqual(['rpc:search_tasks']);
  });

  it('o erro da busca chega com a mensagem do servidor', async () => {
    sb().answer({ error: { message: 'Escopo de tarefas inválido: x', code: '22023' } });
    await expect(listTasks({ search: 'a' })).rejects.toThrow('Escopo de tarefas inválido: x');
  });

  it('lança o erro do servidor em pt-BR, com a mensagem do servidor guardada', async () => {
    sb().answer({ error: { message: 'relation tasks does not exist', code: '42P01' } });
    await expect(listTasks()).rejects.toMatchObject({ message: 'Esta tabela não está disponível no servidor.', serverMessage: 'relation tasks does not exist' });
  });
});

const TASK_ID = '00000000-0000-4000-8000-0000000000a1';

describe('createTask', () => {
  it('envia o id gerado no navegador e o criador', async () => {
    sb().answer({ data: { id: TASK_ID, title: 'Revisar contrato' } });
    const row = await createTask(TASK_ID, input);
    expect(row).toEqual({ id: TASK_ID, title: 'Revisar contrato' });
    const calls = sb().last('tasks');
    expect(calls[0]).toEqual(['insert', { id: TASK_ID, ...input, created_by: 'u1' }]);
    expect(calls).toContainEqual(['select', TASK_SELECT]);
  });

  it('uma nova tentativa de um envio que já chegou (23505) devolve a tarefa existente, sem duplicar', async () => {
    sb().answer(
      { error: { message: 'duplicate key value violates unique constraint "tasks_pkey"', code: '23505' } },
      { data: { id: TASK_ID, created_by: 'u1', title: 'Revisar contrato' } },
    );
    const row = await createTask(TASK_ID, input);
    expect(row).toEqual({ id: TASK_ID, created_by: 'u1', title: 'Revisar contrato' });
    const inserts = sb().queries.filter((q) => q.calls.some((c) => c[0] === 'insert'));
    expect(inserts).toHaveLength(1);
    expect(sb().last('tasks')).toContainEqual(['eq', 'id', TASK_ID]);
  });

  it('23505 de um id que não é meu continua sendo erro', async () => {
    sb().answer({ error: { message: 'duplicate key', code: '23505' } }, { data: null });
    await expect(createTask(TASK_ID, input)).rejects.toMatchObject({ code: '23505', serverMessage: 'duplicate key' });
  });

  it('outros erros chegam em pt-BR, com a mensagem do servidor guardada', async () => {
    sb().answer({ error: { message: 'new row violates row-level security policy for table "tasks"', code: '42501' } });
    await expect(createTask(TASK_ID, input)).rejects.toMatchObject({ message: 'Você não tem permissão para esta ação.', serverMessage: expect.stringContaining('row-level security') });
  });
});

describe('updateTask', () => {
  it('só grava se updated_at ainda é o carregado', async () => {
    sb().answer({ data: [{ id: 't1', title: 'Novo' }] });
    const row = await updateTask('t1', { ...input, title: 'Novo' }, '2026-01-01T10:00:00.123456+00:00');
    expect(row).toEqual({ id: 't1', title: 'Novo' });
    const calls = sb().last('tasks');
    expect(calls[0]).toEqual(['update', { ...input, title: 'Novo' }]);
    expect(calls).toContainEqual(['eq', 'id', 't1']);
    expect(calls).toContainEqual(['eq', 'updated_at', '2026-01-01T10:00:00.123456+00:00']);
    expect(calls[0][1]).not.toHaveProperty('created_by');
  });

  it('nenhuma linha atualizada = alterada em outro lugar (ConflictError)', async () => {
    sb().answer({ data: [] });
    const err = await updateTask('t1', input, 'x').catch((e) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toContain('Recarregue');
  });
});

describe('deleteTask', () => {
  it('filtra pelo id e pelo criador', async () => {
    sb().answer({ data: [{ id: 't1' }] });
    await deleteTask('t1');
    const calls = sb().last('tasks');
    expect(calls[0]).toEqual(['delete']);
    expect(calls).toContainEqual(['eq', 'id', 't1']);
    expect(calls).toContainEqual(['eq', 'created_by', 'u1']);
  });

  it('excluir nada (não sou o criador) é erro', async () => {
    sb().answer({ data: [] });
    await expect(deleteTask('t1')).rejects.toThrow('Tarefa não encontrada');
  });
});

describe('listas auxiliares do modal', () => {
  it('usuários atribuíveis: users_view_for_assignment, id, nome e email, no máximo 100', async () => {
    sb().answer({ data: [{ id: 'a', full_name: 'Ana', email: 'a@x.com' }] });
    const users = await listAssignableUsers();
    expect(users).toHaveLength(1);
    const calls = sb().last('users_view_for_assignment');
    expect(calls).toContainEqual(['select', 'id, full_name, email']);
    expect(calls).toContainEqual(['limit', 100]);
  });

  it('projetos do usuário para o campo opcional', async () => {
    await listMyProjectOptions();
    const calls = sb().last('projects');
    expect(calls).toContainEqual(['select', 'id,title']);
    expect(calls).toContainEqual(['eq', 'user_id', 'u1']);
  });

  it('nome de pessoa: nome completo, senão email', () => {
    expect(personLabel({ full_name: 'Ana', email: 'a@x.com' })).toBe('Ana');
    expect(personLabel({ full_name: '  ', email: 'a@x.com' })).toBe('a@x.com');
    expect(personLabel(null)).toBe('');
  });
});

describe('listTasks da equipe (console admin)', () => {
  const ana = '11111111-1111-4111-8111-111111111111';

  it('escopo team não restringe criador nem responsável: o banco decide quais tarefas a admin lê', async () => {
    sb().answer({ data: [{ id: 't1' }, { id: 't2' }] });
    expect(await listTasks({ scope: 'team' })).toEqual({ rows: [{ id: 't1' }, { id: 't2' }], hasMore: false });
    const calls = sb().last('tasks');
    expect(calls.some((c) => c[0] === 'or' || (c[0] === 'eq' && (c[1] === 'created_by' || c[1] === 'assigned_to')))).toBe(false);
    expect(calls).toContainEqual(['select', TASK_SELECT]);
    expect(calls).toContainEqual(['range', 0, 50]);
  });

  it('filtra por responsável, status e prioridade no servidor', async () => {
    await listTasks({ scope: 'team', assignee: ana, status: 'Pendente', priority: 'Urgente' });
    const calls = sb().last('tasks');
    expect(calls).toContainEqual(['eq', 'assigned_to', ana]);
    expect(calls).toContainEqual(['eq', 'status', 'Pendente']);
    expect(calls).toContainEqual(['eq', 'priority', 'Urgente']);
  });

  it('"Sem responsável" pede assigned_to nulo', async () => {
    await listTasks({ scope: 'team', assignee: UNASSIGNED });
    expect(sb().last('tasks')).toContainEqual(['is', 'assigned_to', null]);
  });

  it('um responsável que não é uuid não casa com nenhuma tarefa e não faz pedido', async () => {
    expect(await listTasks({ scope: 'team', assignee: 'x' })).toEqual({ rows: [], hasMore: false });
    expect(sb().queries).toHaveLength(0);
  });

  it('a busca por título não se mistura com a lista da equipe: erro claro, nenhum pedido', async () => {
    await expect(listTasks({ scope: 'team', search: 'contrato' })).rejects.toThrow(/busca por título/);
    expect(sb().queries).toHaveLength(0);
    expect(sb().rpcs).toHaveLength(0);
  });
});
