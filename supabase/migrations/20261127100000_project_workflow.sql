-- A project's course belongs to the agency.
--
-- Rules (triggers below; row-level security is unchanged):
--   * only staff (admins, the service role and maintenance) change a project's status or progress; a client's project
--     starts pending with no progress (or 0) and stays as the agency leaves it;
--   * a client deletes one of their projects only while it is pending; afterwards they ask the agency to cancel it
--     (a support ticket naming the project). Staff delete any project (still not one with documents);
--   * a support ticket may name one of its client's own projects (support_tickets.project_id); a deleted project
--     leaves its tickets without a project.

-- Status and progress: staff only.
create or replace function private.projects_staff_course()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  -- The service role and maintenance (no user) count as staff, like admins.
  if auth.uid() is null or public.is_admin() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.status is distinct from 'pending' or coalesce(new.progress, 0) <> 0 then
      raise exception using errcode = '42501',
        message = 'Um projeto novo começa pendente; só a equipe da agência altera o status e o progresso.';
    end if;
  elsif new.status is distinct from old.status or new.progress is distinct from old.progress then
    raise exception using errcode = '42501', message = 'Só a equipe da agência altera o status e o progresso do projeto.';
  end if;
  return new;
end;
$$;
comment on function private.projects_staff_course() is
  'BEFORE INSERT / UPDATE OF status, progress on projects: only staff set a status other than pending or a progress.';
revoke execute on function private.projects_staff_course() from public, anon, authenticated;

create trigger projects_staff_course
  before insert or update of status, progress on public.projects
  for each row execute function private.projects_staff_course();

-- Deleting: a client only while pending. A delete cascading from another row (an account removed) is not the client's
-- choice of this project and is not stopped here.
create or replace function private.projects_pending_delete()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1 or auth.uid() is null or public.is_admin() or old.status = 'pending' then
    return old;
  end if;
  raise exception using errcode = '42501',
    message = 'Só é possível excluir um projeto pendente. Para cancelar este projeto, solicite o cancelamento ao suporte.';
end;
$$;
comment on function private.projects_pending_delete() is
  'BEFORE DELETE on projects: a client deletes only a pending project; staff delete any.';
revoke execute on function private.projects_pending_delete() from public, anon, authenticated;

create trigger projects_pending_delete
  before delete on public.projects
  for each row execute function private.projects_pending_delete();

-- A ticket about a project.
alter table public.support_tickets
  add column project_id uuid constraint support_tickets_project_id_fkey references public.projects (id) on delete set null;
comment on column public.support_tickets.project_id is
  'The client''s own project the ticket is about (a cancellation request, a question about it); null when none.';
create index support_tickets_project_id_idx on public.support_tickets (project_id);

-- Security definer: the check reads the project whoever asks, and compares its owner with the ticket's.
create or replace function private.support_tickets_own_project()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.project_id is not null
     and not exists (select 1 from public.projects p where p.id = new.project_id and p.user_id = new.user_id) then
    raise exception using errcode = '23503', message = 'O projeto escolhido não é um dos projetos deste cliente.';
  end if;
  return new;
end;
$$;
comment on function private.support_tickets_own_project() is
  'BEFORE INSERT / UPDATE OF project_id, user_id on support_tickets: the project must belong to the ticket''s client.';
revoke execute on function private.support_tickets_own_project() from public, anon, authenticated;

create trigger support_tickets_own_project
  before insert or update of project_id, user_id on public.support_tickets
  for each row execute function private.support_tickets_own_project();

-- The client names the project when opening the ticket; it is not changed afterwards through the API.
grant insert (project_id) on table public.support_tickets to authenticated;
