-- Contains-search for the client lists (projects, CRM clients, tasks) that the trigram indexes can serve.
--
-- Through the API, `title=ilike.*x*` cannot use a trigram index: `~~*` is not leakproof, so PostgreSQL runs it only
-- after the row-level-security condition, and a rare term walks every row of the user (hundreds of ms at 100,000).
-- Here the search runs in a security definer function of schema `private` (not exposed by the REST API) that applies
-- the owner rule itself and picks the access path in two steps, without trusting the planner's guess of how many rows
-- a '%term%' matches (it prices the trigram index too high, so at 10,000 rows it reads the whole table instead):
--   1. the caller's newest rows (at least 1,000, through the (owner, created_at) index) are matched: a common term
--      fills the page there, at a cost that does not grow with the table;
--   2. if the page is not full and the caller has more rows, the term is rare: the trigram index finds every match
--      (the plan is pinned to it), and those few are sorted.
-- Terms shorter than 3 characters have no trigram: they walk the caller's rows newest first.
-- The definer function returns only ids, in page order; the exposed `public.search_*` functions run with the caller's
-- rights and turn them into rows, so row-level security and the column privileges still apply to what leaves.
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

-- The two-step search over one table, for the definer functions below, so it runs as the owner of the tables (not
-- callable by the API roles: the SQL fragments are trusted text written in this file). `source_sql` is the table
-- aliased `r`; `owner_sql` the caller's rows, `match_sql` the contains-match, `filter_sql` the list's filters. The
-- `_any_path` variants of the owner and filter conditions use `is not distinct from`, which no index serves, so that
-- step 2 can only use the trigram index of `match_sql`. Parameters of the fragments: $1 caller, $2 pattern, $3 and $4
-- filter values.
create or replace function private.search_page_ids(
  source_sql text, owner_sql text, owner_any_path text, match_sql text, filter_sql text, filter_any_path text,
  me uuid, pattern text, term_length integer, filter1 text, filter2 text, page_offset integer, page_limit integer
)
returns uuid[]
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  skip integer := greatest(coalesce(page_offset, 0), 0);
  take integer := least(greatest(coalesce(page_limit, 51), 1), 1000);
  span integer := greatest(1000, 10 * (skip + take));
  page_sql text := ' order by r.created_at desc, r.id desc offset $5 limit $6) s';
  agg_sql text := 'select coalesce(array_agg(s.id order by s.created_at desc, s.id desc), ''{}'') from (select r.id, r.created_at from ';
  ids uuid[];
  seen integer;
begin
  if me is null then
    return '{}';
  end if;
  if pattern is null or term_length < 3 then
    execute agg_sql || source_sql || ' where ' || owner_sql
      || case when pattern is null then '' else ' and ' || match_sql end || filter_sql || page_sql
      into ids using me, pattern, filter1, filter2, skip, take;
    return ids;
  end if;
  -- 1. The caller's `span` newest rows, read newest first: a common term fills the page after a few of them.
  execute agg_sql || '(select r.* from ' || source_sql || ' where ' || owner_sql
      || ' order by r.created_at desc, r.id desc limit $7) r where ' || match_sql || filter_sql || page_sql
    into ids using me, pattern, filter1, filter2, skip, take, span;
  if cardinality(ids) = take then
    return ids;
  end if;
  execute 'select count(*)::integer from (select 1 from ' || source_sql || ' where ' || owner_sql || ' limit $2) w'
    into seen using me, span;
  if seen < span then
    return ids;
  end if;
  -- 2. A rare term: every match through the trigram index (sequential and plain index scans off for this query).
  perform set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
    set_config('enable_indexonlyscan', 'off', true);
  execute agg_sql || source_sql || ' where ' || match_sql || ' and ' || owner_any_path || filter_any_path || page_sql
    into ids using me, pattern, filter1, filter2, skip, take;
  perform set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true),
    set_config('enable_indexonlyscan', 'on', true);
  return ids;
end;
$$;
comment on function private.search_page_ids(text, text, text, text, text, text, uuid, text, integer, text, text, integer, integer) is
  'One page of ids of a contains-search: the caller''s newest rows first, the trigram index for a rare term. Used by private.search_*_ids only.';
revoke execute on function private.search_page_ids(text, text, text, text, text, text, uuid, text, integer, text, text, integer, integer)
  from public, anon, authenticated, service_role;

-- Ids of the caller's projects (user_id = auth.uid()) whose title contains the term, with the status, one page.
create or replace function private.search_project_ids(search_term text, status_filter text, page_offset integer, page_limit integer)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select private.search_page_ids(
    'public.projects r', 'r.user_id = $1', 'r.user_id is not distinct from $1', 'r.title ilike $2',
    case when nullif(status_filter, '') is null then '' else ' and r.status = $3' end,
    case when nullif(status_filter, '') is null then '' else ' and r.status is not distinct from $3' end,
    (select auth.uid()), private.contains_pattern(search_term), length(btrim(coalesce(search_term, ''))),
    nullif(status_filter, ''), null, page_offset, page_limit
  )
$$;
comment on function private.search_project_ids(text, text, integer, integer) is
  'One page of ids of the caller''s projects whose title contains the term (trigram index), newest first. Called by public.search_projects.';
revoke execute on function private.search_project_ids(text, text, integer, integer) from public, anon;
grant execute on function private.search_project_ids(text, text, integer, integer) to authenticated, service_role;

-- Ids of the caller's own CRM clients (owner_user_id = auth.uid()) whose name, e-mail or company contains the term.
create or replace function private.search_client_ids(search_term text, status_filter text, page_offset integer, page_limit integer)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select private.search_page_ids(
    'public.clients r', 'r.owner_user_id = $1', 'r.owner_user_id is not distinct from $1',
    '(r.full_name ilike $2 or r.email ilike $2 or r.company_name ilike $2)',
    case when nullif(status_filter, '') is null then '' else ' and r.status = $3' end,
    case when nullif(status_filter, '') is null then '' else ' and r.status is not distinct from $3' end,
    (select auth.uid()), private.contains_pattern(search_term), length(btrim(coalesce(search_term, ''))),
    nullif(status_filter, ''), null, page_offset, page_limit
  )
$$;
comment on function private.search_client_ids(text, text, integer, integer) is
  'One page of ids of the caller''s own CRM clients whose name, e-mail or company contains the term (trigram indexes), newest first. Called by public.search_clients.';
revoke execute on function private.search_client_ids(text, text, integer, integer) from public, anon;
grant execute on function private.search_client_ids(text, text, integer, integer) to authenticated, service_role;

-- Ids of the caller's tasks in a scope (all = created by or assigned to the caller; assigned; created) whose title
-- contains the term, with the status and priority.
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
  scope text := coalesce(task_scope, 'all');
  filters text := '';
begin
  if scope not in ('all', 'assigned', 'created') then
    raise exception 'Escopo de tarefas inválido: %', task_scope using errcode = '22023', hint = 'Use all, assigned ou created.';
  end if;
  if nullif(status_filter, '') is not null then
    filters := filters || ' and r.status = $3';
  end if;
  if nullif(priority_filter, '') is not null then
    filters := filters || ' and r.priority = $4';
  end if;
  return private.search_page_ids(
    'public.tasks r',
    case scope when 'assigned' then 'r.assigned_to = $1' when 'created' then 'r.created_by = $1'
      else '(r.created_by = $1 or r.assigned_to = $1)' end,
    case scope when 'assigned' then 'r.assigned_to is not distinct from $1' when 'created' then 'r.created_by is not distinct from $1'
      else '(r.created_by is not distinct from $1 or r.assigned_to is not distinct from $1)' end,
    'r.title ilike $2', filters, replace(filters, ' = $', ' is not distinct from $'),
    (select auth.uid()), private.contains_pattern(search_term), length(btrim(coalesce(search_term, ''))),
    nullif(status_filter, ''), nullif(priority_filter, ''), page_offset, page_limit
  );
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

-- The trigram indexes take new rows straight into the index instead of a pending list: searches cost the same right
-- after a bulk load (PGlite has no autovacuum to merge that list, and scanning it grows with what was inserted).
alter index public.projects_title_trgm_idx set (fastupdate = off);
alter index public.clients_full_name_trgm_idx set (fastupdate = off);
alter index public.clients_email_trgm_idx set (fastupdate = off);
alter index public.clients_company_name_trgm_idx set (fastupdate = off);
alter index public.tasks_title_trgm_idx set (fastupdate = off);
