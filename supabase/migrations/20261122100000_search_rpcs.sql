-- Contains-search for the client lists (projects, CRM clients, tasks) that the trigram indexes can serve.
--
-- Through the API, `title=ilike.*x*` cannot use a trigram index: `~~*` is not leakproof, so PostgreSQL runs it only
-- after the row-level-security condition, and a rare term walks every row of the user (hundreds of ms at 100,000).
-- Here the search runs in a security definer function of schema `private` (not exposed by the REST API) that applies
-- the owner rule itself, so the planner is free to pick the trigram index for a rare term and the (owner, created_at)
-- index for a common one. The query is run with EXECUTE ... USING: planned for each call with the actual term, so the
-- planner's estimate of how many rows match decides between the two. The definer function returns only ids, in page
-- order; the exposed `public.search_*` functions run with the caller's rights and turn them into rows, so row-level
-- security and the column privileges still apply to what leaves the database.
--
-- Arguments (all optional but the term): search_term (matched literally, case-insensitive; blank = no search),
-- the list's filters, page_offset (>= 0) and page_limit (1..1000; the screens ask one more than the page size to
-- know whether there is a next page). Order: created_at desc, id desc, as the lists.

-- '%term%' with the LIKE wildcards of the term (\ % _) matched literally; null when there is nothing to search.
create or replace function private.contains_pattern(term text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when btrim(coalesce(term, '')) = '' then null
    else '%' || replace(replace(replace(btrim(term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
  end
$$;
comment on function private.contains_pattern(text) is 'ILIKE pattern "contains term" with the term matched literally; null for a blank term.';
revoke execute on function private.contains_pattern(text) from public, anon;
grant execute on function private.contains_pattern(text) to authenticated, service_role;

-- Ids of the caller's projects (user_id = auth.uid()) matching the term and status, one page in list order.
create or replace function private.search_project_ids(search_term text, status_filter text, page_offset integer, page_limit integer)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  pattern text := private.contains_pattern(search_term);
  sql text := 'select p.id, p.created_at from public.projects p where p.user_id = $1';
  ids uuid[];
begin
  if me is null then
    return '{}';
  end if;
  if pattern is not null then
    sql := sql || ' and p.title ilike $2';
  end if;
  if nullif(status_filter, '') is not null then
    sql := sql || ' and p.status = $3';
  end if;
  execute 'select coalesce(array_agg(s.id order by s.created_at desc, s.id desc), ''{}'') from ('
    || sql || ' order by p.created_at desc, p.id desc offset $4 limit $5) s'
    into ids
    using me, pattern, status_filter, greatest(coalesce(page_offset, 0), 0), least(greatest(coalesce(page_limit, 51), 1), 1000);
  return ids;
end;
$$;
comment on function private.search_project_ids(text, text, integer, integer) is
  'One page of ids of the caller''s projects whose title contains the term (trigram index), newest first. Called by public.search_projects.';
revoke execute on function private.search_project_ids(text, text, integer, integer) from public, anon;
grant execute on function private.search_project_ids(text, text, integer, integer) to authenticated, service_role;

-- Ids of the caller's own CRM clients (owner_user_id = auth.uid()) whose name, e-mail or company contains the term.
create or replace function private.search_client_ids(search_term text, status_filter text, page_offset integer, page_limit integer)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  pattern text := private.contains_pattern(search_term);
  sql text := 'select c.id, c.created_at from public.clients c where c.owner_user_id = $1';
  ids uuid[];
begin
  if me is null then
    return '{}';
  end if;
  if pattern is not null then
    sql := sql || ' and (c.full_name ilike $2 or c.email ilike $2 or c.company_name ilike $2)';
  end if;
  if nullif(status_filter, '') is not null then
    sql := sql || ' and c.status = $3';
  end if;
  execute 'select coalesce(array_agg(s.id order by s.created_at desc, s.id desc), ''{}'') from ('
    || sql || ' order by c.created_at desc, c.id desc offset $4 limit $5) s'
    into ids
    using me, pattern, status_filter, greatest(coalesce(page_offset, 0), 0), least(greatest(coalesce(page_limit, 51), 1), 1000);
  return ids;
end;
$$;
comment on function private.search_client_ids(text, text, integer, integer) is
  'One page of ids of the caller''s own CRM clients whose name, e-mail or company contains the term (trigram indexes), newest first. Called by public.search_clients.';
revoke execute on function private.search_client_ids(text, text, integer, integer) from public, anon;
grant execute on function private.search_client_ids(text, text, integer, integer) to authenticated, service_role;

-- Ids of the caller's tasks in a scope (all = created by or assigned to the caller; assigned; created) matching the
-- term, status and priority.
create or replace function private.search_task_ids(
  search_term text, task_scope text, status_filter text, priority_filter text, page_offset integer, page_limit integer
)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  pattern text := private.contains_pattern(search_term);
  sql text := 'select t.id, t.created_at from public.tasks t where ';
  ids uuid[];
begin
  if me is null then
    return '{}';
  end if;
  sql := sql || case coalesce(task_scope, 'all')
    when 'assigned' then 't.assigned_to = $1'
    when 'created' then 't.created_by = $1'
    when 'all' then '(t.created_by = $1 or t.assigned_to = $1)'
  end;
  if sql is null then
    raise exception 'Escopo de tarefas inválido: %', task_scope using errcode = '22023', hint = 'Use all, assigned ou created.';
  end if;
  if pattern is not null then
    sql := sql || ' and t.title ilike $2';
  end if;
  if nullif(status_filter, '') is not null then
    sql := sql || ' and t.status = $3';
  end if;
  if nullif(priority_filter, '') is not null then
    sql := sql || ' and t.priority = $4';
  end if;
  execute 'select coalesce(array_agg(s.id order by s.created_at desc, s.id desc), ''{}'') from ('
    || sql || ' order by t.created_at desc, t.id desc offset $5 limit $6) s'
    into ids
    using me, pattern, status_filter, priority_filter,
      greatest(coalesce(page_offset, 0), 0), least(greatest(coalesce(page_limit, 51), 1), 1000);
  return ids;
end;
$$;
comment on function private.search_task_ids(text, text, text, text, integer, integer) is
  'One page of ids of the caller''s tasks (scope all, assigned or created) whose title contains the term (trigram index), newest first. Called by public.search_tasks.';
revoke execute on function private.search_task_ids(text, text, text, text, integer, integer) from public, anon;
grant execute on function private.search_task_ids(text, text, text, text, integer, integer) to authenticated, service_role;

-- The exposed functions: the page's rows, read with the caller's rights (row-level security applies), in list order.
create or replace function public.search_projects(
  search_term text, status_filter text default null, page_offset integer default 0, page_limit integer default 51
)
returns setof public.projects
language sql
stable
security invoker
set search_path = ''
as $$
  select p.*
  from unnest(private.search_project_ids(search_term, status_filter, page_offset, page_limit)) with ordinality as r (id, ord)
  join public.projects p on p.id = r.id
  order by r.ord
$$;
comment on function public.search_projects(text, text, integer, integer) is
  'Contains-search over the caller''s project titles (trigram index), optional status, one page newest first.';
revoke execute on function public.search_projects(text, text, integer, integer) from public, anon;
grant execute on function public.search_projects(text, text, integer, integer) to authenticated, service_role;

create or replace function public.search_clients(
  search_term text, status_filter text default null, page_offset integer default 0, page_limit integer default 51
)
returns setof public.clients
language sql
stable
security invoker
set search_path = ''
as $$
  select c.*
  from unnest(private.search_client_ids(search_term, status_filter, page_offset, page_limit)) with ordinality as r (id, ord)
  join public.clients c on c.id = r.id
  order by r.ord
$$;
comment on function public.search_clients(text, text, integer, integer) is
  'Contains-search over the caller''s own CRM clients (name, e-mail, company; trigram indexes), optional status, one page newest first.';
revoke execute on function public.search_clients(text, text, integer, integer) from public, anon;
grant execute on function public.search_clients(text, text, integer, integer) to authenticated, service_role;

create or replace function public.search_tasks(
  search_term text, task_scope text default 'all', status_filter text default null, priority_filter text default null,
  page_offset integer default 0, page_limit integer default 51
)
returns setof public.tasks
language sql
stable
security invoker
set search_path = ''
as $$
  select t.*
  from unnest(private.search_task_ids(search_term, task_scope, status_filter, priority_filter, page_offset, page_limit))
    with ordinality as r (id, ord)
  join public.tasks t on t.id = r.id
  order by r.ord
$$;
comment on function public.search_tasks(text, text, text, text, integer, integer) is
  'Contains-search over the titles of the caller''s tasks (scope all, assigned or created; trigram index), optional status and priority, one page newest first.';
revoke execute on function public.search_tasks(text, text, text, text, integer, integer) from public, anon;
grant execute on function public.search_tasks(text, text, text, text, integer, integer) to authenticated, service_role;
