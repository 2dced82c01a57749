-- Tasks: visible to whoever created them or is assigned to them; both may edit, only the creator deletes.

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> ''),
  description text,
  status text not null default 'Pendente' check (status in ('Pendente', 'Em Andamento', 'Concluída', 'Bloqueada')),
  priority text not null default 'Média' check (priority in ('Baixa', 'Média', 'Alta', 'Urgente')),
  due_date date,
  assigned_to uuid constraint tasks_assigned_to_fkey references public.profiles (id) on delete set null,
  created_by uuid not null default auth.uid() constraint tasks_created_by_fkey references public.profiles (id) on delete cascade,
  project_id uuid constraint tasks_project_id_fkey references public.projects (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.tasks is 'To-dos between a client and the staff. Creator or assignee read and update; creator deletes; created_by never changes.';
comment on column public.tasks.assigned_to is 'Null means personal (Ninguém). Only someone the creator can see: themself or the staff (admins: anyone).';

create trigger tasks_set_updated_at
  before update on public.tasks
  for each row execute function public.set_updated_at();

-- Rules the policies cannot express because they depend on the old row:
--   created_by is the caller on insert and never changes;
--   a new or changed assignee must be a profile the caller can see (self, the staff; admins anyone);
--   a new or changed project must be one the caller can see (their own).
-- Security invoker on purpose: the lookups below see only what the caller's policies let them see.
create or replace function private.tasks_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    return new; -- service role or maintenance, not an API user
  end if;
  if tg_op = 'INSERT' then
    new.created_by := caller;
  elsif new.created_by is distinct from old.created_by then
    raise exception using errcode = '42501', message = 'O criador da tarefa não pode ser alterado.';
  end if;
  if new.assigned_to is not null
     and (tg_op = 'INSERT' or new.assigned_to is distinct from old.assigned_to)
     and not exists (select 1 from public.profiles p where p.id = new.assigned_to) then
    raise exception using errcode = '42501', message = 'Não é possível atribuir a tarefa a este usuário.';
  end if;
  if new.project_id is not null
     and (tg_op = 'INSERT' or new.project_id is distinct from old.project_id)
     and not exists (select 1 from public.projects pr where pr.id = new.project_id) then
    raise exception using errcode = '42501', message = 'Projeto não encontrado ou sem acesso.';
  end if;
  return new;
end;
$$;
comment on function private.tasks_guard() is 'BEFORE INSERT/UPDATE on tasks: fixes created_by, checks assignee and project visibility.';
revoke execute on function private.tasks_guard() from public, anon, authenticated;

create trigger tasks_guard
  before insert or update on public.tasks
  for each row execute function private.tasks_guard();

-- Lists: created by me / assigned to me newest first, the project link, and the title contains-search.
create index tasks_created_by_created_at_idx on public.tasks (created_by, created_at desc);
create index tasks_assigned_to_created_at_idx on public.tasks (assigned_to, created_at desc);
create index tasks_project_id_idx on public.tasks (project_id);
-- "created by me or assigned to me, newest first" is an OR over two columns: walking this index
-- newest-first and stopping at the page size serves it when one person holds most of the rows.
create index tasks_created_at_idx on public.tasks (created_at desc);
create index tasks_title_trgm_idx on public.tasks using gin (title extensions.gin_trgm_ops);

alter table public.tasks enable row level security;

revoke all on table public.tasks from anon, authenticated;
grant select, delete on table public.tasks to authenticated;
grant insert (id, title, description, status, priority, due_date, assigned_to, created_by, project_id, updated_at)
  on table public.tasks to authenticated;
-- created_by is not in the list: it never changes.
grant update (title, description, status, priority, due_date, assigned_to, project_id, updated_at)
  on table public.tasks to authenticated;

create policy "tasks: the creator and the assignee read a task"
  on public.tasks for select to authenticated
  using (created_by = (select auth.uid()) or assigned_to = (select auth.uid()));

create policy "tasks: a user creates tasks in their own name"
  on public.tasks for insert to authenticated
  with check (created_by = (select auth.uid()));

create policy "tasks: the creator and the assignee update a task"
  on public.tasks for update to authenticated
  using (created_by = (select auth.uid()) or assigned_to = (select auth.uid()))
  with check (created_by = (select auth.uid()) or assigned_to = (select auth.uid()));

create policy "tasks: only the creator deletes a task"
  on public.tasks for delete to authenticated
  using (created_by = (select auth.uid()));
