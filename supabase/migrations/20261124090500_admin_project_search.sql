-- The agency's project management list (admins only): every project of every client, newest first (created_at desc,
-- id desc), optional status and plan filters, and a search by title or client name/e-mail across every matching project.
-- Paging is by key: pass the created_at and id of the last row received as after_created_at / after_id for the next
-- page (page_limit 1..1000; the screens ask one more row than the page to know whether there is a next page).
--
-- Speed at 100,000 projects, as the support inbox: the list walks (created_at desc, id desc) and stops at the page; a
-- search first matches the next rows (at least 1,000), and only a rare term goes to the title's trigram index and the
-- projects of the matching clients (trigram indexes on profiles). The definer function returns ids only; the exposed
-- one reads the rows with the caller's rights.

create or replace function private.admin_project_ids(
  search_term text, status_filter text, plan_filter text, after_created_at timestamptz, after_id uuid, page_limit integer
)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  take integer := least(greatest(coalesce(page_limit, 51), 1), 1000);
  span integer := greatest(1000, 10 * least(greatest(coalesce(page_limit, 51), 1), 1000));
  wanted_status text := nullif(btrim(coalesce(status_filter, '')), '');
  wanted_plan text := nullif(btrim(coalesce(plan_filter, '')), '');
  pattern text := private.contains_pattern(search_term);
  view_sql text := 'true';
  order_sql text := ' order by p.created_at desc, p.id desc';
  match_sql text := '(p.title ilike $3 or p.user_id = any($6))';
  owners uuid[] := '{}';
  ids uuid[];
  seen integer;
begin
  perform private.require_admin();
  if wanted_status is not null and wanted_status not in ('pending', 'in-progress', 'completed') then
    raise exception using errcode = '22023', message = format('Status de projeto inválido: %s.', wanted_status),
      hint = 'Use pending, in-progress ou completed.';
  end if;
  if wanted_plan is not null and wanted_plan not in ('essential', 'advanced', 'premium', 'enterprise') then
    raise exception using errcode = '22023', message = format('Plano inválido: %s.', wanted_plan),
      hint = 'Use essential, advanced, premium ou enterprise.';
  end if;
  if wanted_status is not null then
    view_sql := view_sql || ' and p.status = $1';
  end if;
  if wanted_plan is not null then
    view_sql := view_sql || ' and p.plan = $2';
  end if;
  if after_created_at is not null then
    view_sql := view_sql || ' and (p.created_at, p.id) < ($4, $5)';
    after_id := coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
  end if;

  if pattern is null then
    execute 'select array(select p.id from public.projects p where ' || view_sql || order_sql || ' limit $7)'
      into ids using wanted_status, wanted_plan, pattern, after_created_at, after_id, owners, take;
    return ids;
  end if;

  select coalesce(array_agg(pr.id), '{}') into owners
  from public.profiles pr where pr.full_name ilike pattern or pr.email ilike pattern;

  -- 1. The next `span` projects of the list: a common term fills the page among them.
  execute 'select array(select p.id from (select p.* from public.projects p where ' || view_sql || order_sql
      || ' limit $8) p where ' || match_sql || order_sql || ' limit $7)'
    into ids using wanted_status, wanted_plan, pattern, after_created_at, after_id, owners, take, span;
  if cardinality(ids) = take then
    return ids;
  end if;
  execute 'select count(*)::integer from (select 1 from public.projects p where ' || view_sql || ' limit $8) w'
    into seen using wanted_status, wanted_plan, pattern, after_created_at, after_id, owners, take, span;
  if seen < span then
    return ids;
  end if;
  -- 2. A rare term: every match through the trigram index and the clients' projects (ordered index walks off).
  perform set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
    set_config('enable_indexonlyscan', 'off', true);
  execute 'select array(select p.id from public.projects p where ' || match_sql || ' and ' || view_sql
      || order_sql || ' limit $7)'
    into ids using wanted_status, wanted_plan, pattern, after_created_at, after_id, owners, take;
  perform set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true),
    set_config('enable_indexonlyscan', 'on', true);
  return ids;
end;
$$;
comment on function private.admin_project_ids(text, text, text, timestamptz, uuid, integer) is
  'Admins: one page of project ids of every client (search, status, plan, keyset). Called by public.admin_projects.';
revoke execute on function private.admin_project_ids(text, text, text, timestamptz, uuid, integer) from public, anon;
grant execute on function private.admin_project_ids(text, text, text, timestamptz, uuid, integer) to authenticated, service_role;

create or replace function public.admin_projects(
  search_term text default null, status_filter text default null, plan_filter text default null,
  after_created_at timestamptz default null, after_id uuid default null, page_limit integer default 51
)
returns table (
  id uuid, user_id uuid, title text, description text, status text, progress integer, plan text, monthly_price numeric,
  created_at timestamptz, updated_at timestamptz, client_name text, client_email text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, p.user_id, p.title, p.description, p.status, p.progress, p.plan, p.monthly_price,
         p.created_at, p.updated_at, pr.full_name, pr.email
  from unnest(private.admin_project_ids(search_term, status_filter, plan_filter, after_created_at, after_id, page_limit))
    with ordinality as r (id, ord)
  join public.projects p on p.id = r.id
  left join public.profiles pr on pr.id = p.user_id
  order by r.ord
$$;
comment on function public.admin_projects(text, text, text, timestamptz, uuid, integer) is
  'Admins: one page of every client''s projects with the client''s name and e-mail, newest first; search by title or client name/e-mail; status and plan filters; next page after (created_at, id). Others: 403.';
revoke execute on function public.admin_projects(text, text, text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.admin_projects(text, text, text, timestamptz, uuid, integer) to authenticated, service_role;
