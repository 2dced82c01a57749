-- Projects started from a plan, and the agency's project management.
--
-- Rules (row-level security, column privileges and the trigger below):
--   * a client creates projects in their own name from a plan: status pending, plan given; the database fills
--     monthly_price from the plan list (essential 499, advanced 999, premium 1999, enterprise null until the agency sets
--     it) and refuses a client-sent price that differs;
--   * a client keeps their rights on their own projects (read, update title, description, status, progress; delete),
--     but never changes plan or monthly_price;
--   * admins (app_metadata.role = 'admin') read, create, update and delete every project; they set plan and any
--     monthly_price >= 0 (a plan change without a price takes the new plan's list price);
--   * the title is stored trimmed, 1 to 200 characters;
--   * nobody moves a project to another owner through the API.
-- Project ids may come from the client: a retried create reuses its id, and
--   insert ... on conflict (id) do nothing   (supabase-js: upsert(row, { onConflict: 'id', ignoreDuplicates: true }))
-- stores it once (a plain insert of a used id fails with 23505 instead).

alter table public.projects
  add column plan text constraint projects_plan_check check (plan in ('essential', 'advanced', 'premium', 'enterprise')),
  add column monthly_price numeric constraint projects_monthly_price_check check (monthly_price >= 0);
comment on column public.projects.plan is 'The plan the project came from: essential, advanced, premium or enterprise; null for projects made otherwise.';
comment on column public.projects.monthly_price is 'Monthly price in BRL: the plan''s list price, or what the agency set (null = not set yet).';
comment on table public.projects is
  'Projects the agency runs for a client. Owner: reads, edits (not plan or price), deletes, and creates from a plan; admins: everything.';

-- List price of a plan in BRL; null for enterprise (negotiated) and for no plan.
create or replace function private.plan_monthly_price(plan text)
returns numeric
language sql
immutable
security invoker
set search_path = ''
as $$
  select case plan when 'essential' then 499 when 'advanced' then 999 when 'premium' then 1999 end::numeric
$$;
comment on function private.plan_monthly_price(text) is 'List price (BRL per month) of a plan: 499, 999, 1999; null for enterprise.';
revoke execute on function private.plan_monthly_price(text) from public, anon;
grant execute on function private.plan_monthly_price(text) to authenticated, service_role;

-- Titles that existed before the rule: trimmed and cut to 200 characters (a blank one becomes 'Projeto').
update public.projects
   set title = coalesce(nullif(left(private.trimmed(title), 200), ''), 'Projeto')
 where title is distinct from coalesce(nullif(left(private.trimmed(title), 200), ''), 'Projeto');
alter table public.projects
  add constraint projects_title_check check (char_length(title) between 1 and 200);

-- Rules that depend on who calls and on the old row. Security invoker: it runs with the caller's rights.
create or replace function private.projects_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  staff boolean := auth.uid() is null or public.is_admin(); -- the service role and maintenance count as staff
begin
  if tg_op = 'INSERT' or new.title is distinct from old.title then
    new.title := private.trimmed(new.title);
    if new.title is null or new.title = '' then
      raise exception using errcode = '23514', message = 'O título do projeto é obrigatório.';
    end if;
    if char_length(new.title) > 200 then
      raise exception using errcode = '23514', message = 'O título do projeto pode ter no máximo 200 caracteres.';
    end if;
  end if;
  if tg_op = 'INSERT' then
    if new.monthly_price is null then
      new.monthly_price := private.plan_monthly_price(new.plan);
    elsif not staff and new.monthly_price is distinct from private.plan_monthly_price(new.plan) then
      raise exception using errcode = '22023', message = 'O preço mensal é definido pelo plano escolhido.',
        detail = format('Plano %s: %s.', coalesce(new.plan, 'nenhum'),
          coalesce('R$ ' || private.plan_monthly_price(new.plan)::text, 'preço a combinar com a agência'));
    end if;
    return new;
  end if;
  if new.plan is distinct from old.plan or new.monthly_price is distinct from old.monthly_price then
    if not staff then
      raise exception using errcode = '42501', message = 'Só a equipe da agência altera o plano ou o preço mensal do projeto.';
    end if;
    if new.plan is distinct from old.plan and new.monthly_price is not distinct from old.monthly_price then
      new.monthly_price := private.plan_monthly_price(new.plan);
    end if;
  end if;
  return new;
end;
$$;
comment on function private.projects_guard() is
  'BEFORE INSERT/UPDATE on projects: title trimmed 1-200; monthly_price from the plan list; only staff change plan or price.';
revoke execute on function private.projects_guard() from public, anon, authenticated;

create trigger projects_guard
  before insert or update on public.projects
  for each row execute function private.projects_guard();

-- The admin list: every project, newest first.
create index projects_created_at_idx on public.projects (created_at desc, id desc);

grant insert (id, user_id, title, description, status, progress, plan, monthly_price) on table public.projects to authenticated;
grant update (plan, monthly_price) on table public.projects to authenticated;

drop policy "projects: the owner reads their projects" on public.projects;
create policy "projects: the owner reads their projects; admins read all"
  on public.projects for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "projects: a client starts a pending project from a plan in their own name; admins create any"
  on public.projects for insert to authenticated
  with check (
    (user_id = (select auth.uid()) and status = 'pending' and plan is not null)
    or (select public.is_admin())
  );

drop policy "projects: the owner updates their projects" on public.projects;
create policy "projects: the owner updates their projects; admins update all"
  on public.projects for update to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()))
  with check (user_id = (select auth.uid()) or (select public.is_admin()));

drop policy "projects: the owner deletes their projects" on public.projects;
create policy "projects: the owner deletes their projects; admins delete any"
  on public.projects for delete to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));
