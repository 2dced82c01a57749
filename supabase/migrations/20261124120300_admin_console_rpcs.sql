-- The admin console's figures, lists and analytics, computed in the database. Every function here answers 42501
-- ('Apenas a equipe da agência pode fazer isso.') to anyone but an admin, before reading anything. They run with the
-- caller's rights (the admin's policies apply), except private.admin_users, which reads auth.users.
-- Money is BRL (numeric); a project's revenue is its monthly_price while it is in progress.

-- Dashboard cards, one round trip: agency clients (no owner), projects in progress, their monthly revenue, tickets open
-- or in progress. From private.admin_tallies: constant cost.
create or replace function public.admin_dashboard_figures()
returns table (total_clients bigint, active_projects bigint, monthly_revenue numeric, open_tickets bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select
    coalesce(sum(t.n) filter (where t.relation = 'clients' and t.dimension = 'status'), 0)::bigint,
    coalesce(sum(t.n) filter (where t.relation = 'projects' and t.key like 'in-progress/%'), 0)::bigint,
    coalesce(sum(t.amount) filter (where t.relation = 'projects' and t.key like 'in-progress/%'), 0)::numeric,
    coalesce(sum(t.n) filter (where t.relation = 'support_tickets' and t.dimension = 'status'
                                and t.key in ('open', 'in_progress')), 0)::bigint
  from private.admin_tallies t
  where t.dimension in ('status', 'status_plan');
end;
$$;
comment on function public.admin_dashboard_figures() is
  'Admins: total agency clients, projects in progress, monthly revenue (sum of monthly_price in progress), tickets open or in progress.';

-- Statuses a billing scope covers: active = pending and in progress (the default), all = every status.
create or replace function private.billing_statuses(scope text)
returns text[]
language plpgsql
immutable
security invoker
set search_path = ''
as $$
begin
  if coalesce(scope, 'active') = 'active' then
    return array['pending', 'in-progress'];
  elsif scope = 'all' then
    return array['pending', 'in-progress', 'completed'];
  end if;
  raise exception using errcode = '22023', message = format('Filtro de faturamento inválido: %s.', scope), hint = 'Use active ou all.';
end;
$$;
comment on function private.billing_statuses(text) is 'Project statuses of a billing scope: active (pending, in-progress) or all; 22023 otherwise.';
revoke execute on function private.billing_statuses(text) from public, anon;
grant execute on function private.billing_statuses(text) to authenticated, service_role;

-- Billing: one row per project from a plan (enterprise may have no price yet), newest first, in pages (page_limit 1..1000,
-- page_offset >= 0).
-- The client is the account's agency client name, else the account's name or e-mail.
create or replace function public.admin_billing(
  status_scope text default 'active', page_offset integer default 0, page_limit integer default 200
)
returns table (
  project_id uuid, project_title text, plan text, status text, monthly_price numeric, user_id uuid,
  client_id uuid, client_name text, created_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  statuses text[];
begin
  perform private.require_admin();
  statuses := private.billing_statuses(status_scope);
  return query
  select p.id, p.title, p.plan, p.status, p.monthly_price, p.user_id, c.id,
         coalesce(c.full_name, pr.full_name, pr.email), p.created_at
  from public.projects p
  left join public.profiles pr on pr.id = p.user_id
  left join public.clients c on c.account_user_id = p.user_id
  where p.status = any(statuses) and p.plan is not null
  order by p.created_at desc, p.id desc
  offset greatest(coalesce(page_offset, 0), 0)
  limit least(greatest(coalesce(page_limit, 200), 1), 1000);
end;
$$;
comment on function public.admin_billing(text, integer, integer) is
  'Admins: projects from a plan (client, title, plan, status, monthly price), scope active (pending, in progress) or all; one page newest first.';

-- Billing totals per plan and overall (plan null), for the same scope: projects and sum of monthly_price.
create or replace function public.admin_billing_totals(status_scope text default 'active')
returns table (plan text, projects bigint, monthly_total numeric)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  statuses text[];
begin
  perform private.require_admin();
  statuses := private.billing_statuses(status_scope);
  return query
  with priced as (
    select split_part(t.key, '/', 2) as plan, t.n, t.amount
    from private.admin_tallies t
    where t.relation = 'projects' and t.dimension = 'status_plan' and split_part(t.key, '/', 1) = any(statuses)
      and split_part(t.key, '/', 2) <> ''
  )
  select s.plan, coalesce(sum(pr.n), 0)::bigint, coalesce(sum(pr.amount), 0)::numeric
  from (values (1, 'essential'), (2, 'advanced'), (3, 'premium'), (4, 'enterprise')) as s (ord, plan)
  left join priced pr on pr.plan = s.plan
  group by s.ord, s.plan
  union all
  select null, coalesce(sum(pr.n), 0)::bigint, coalesce(sum(pr.amount), 0)::numeric from priced pr
  order by 1 nulls last;
end;
$$;
comment on function public.admin_billing_totals(text) is
  'Admins: projects and monthly total per plan (every plan, zeros included) and overall (plan null), scope active or all.';

-- 'Visão Geral': new agency clients, projects and tickets per month over the last 12 months (this one included, zeros
-- included), oldest first.
create or replace function public.admin_analytics_monthly()
returns table (month date, new_clients bigint, new_projects bigint, new_tickets bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select m.month::date,
         coalesce(sum(t.n) filter (where t.relation = 'clients'), 0)::bigint,
         coalesce(sum(t.n) filter (where t.relation = 'projects'), 0)::bigint,
         coalesce(sum(t.n) filter (where t.relation = 'support_tickets'), 0)::bigint
  from generate_series(
    date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '11 months',
    date_trunc('month', now() at time zone 'America/Sao_Paulo'),
    interval '1 month'
  ) as m (month)
  left join private.admin_tallies t on t.dimension = 'month' and t.key = to_char(m.month, 'YYYY-MM')
  group by m.month
  order by m.month;
end;
$$;
comment on function public.admin_analytics_monthly() is
  'Admins: new agency clients, projects and tickets per month (America/Sao_Paulo), the last 12 months with zeros, oldest first.';

-- 'Clientes': agency clients by status and by source (every value, zeros included; source '' = not informed).
create or replace function public.admin_analytics_clients()
returns table (dimension text, key text, count bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select v.dimension, v.key, coalesce(t.n, 0)::bigint
  from (values
    (1, 'status', 'lead'), (2, 'status', 'prospect'), (3, 'status', 'active'), (4, 'status', 'on_hold'),
    (5, 'status', 'completed'), (6, 'status', 'lost'),
    (7, 'source', 'referral'), (8, 'source', 'website'), (9, 'source', 'social_media'), (10, 'source', 'event'),
    (11, 'source', 'outbound'), (12, 'source', 'other'), (13, 'source', '')
  ) as v (ord, dimension, key)
  left join private.admin_tallies t on t.relation = 'clients' and t.dimension = v.dimension and t.key = v.key
  order by v.ord;
end;
$$;
comment on function public.admin_analytics_clients() is 'Admins: agency clients per status and per source (zeros included; source '''' = not informed).';

-- 'Projetos' and 'Financeiro': projects by status and by plan ('' = no plan), each with the average progress of its
-- projects that have one, and the monthly revenue (sum of monthly_price of those in progress) of each plan.
create or replace function public.admin_analytics_projects()
returns table (dimension text, key text, count bigint, average_progress numeric, monthly_revenue numeric)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  with tallies as (
    select split_part(t.key, '/', 1) as status, split_part(t.key, '/', 2) as plan, t.n, t.amount, t.progress_sum, t.progress_n
    from private.admin_tallies t where t.relation = 'projects' and t.dimension = 'status_plan'
  )
  select v.dimension, v.key, coalesce(sum(t.n), 0)::bigint,
         round(sum(t.progress_sum)::numeric / nullif(sum(t.progress_n), 0), 1),
         coalesce(sum(t.amount) filter (where t.status = 'in-progress'), 0)::numeric
  from (values
    (1, 'status', 'pending'), (2, 'status', 'in-progress'), (3, 'status', 'completed'),
    (4, 'plan', 'essential'), (5, 'plan', 'advanced'), (6, 'plan', 'premium'), (7, 'plan', 'enterprise'), (8, 'plan', '')
  ) as v (ord, dimension, key)
  left join tallies t on case v.dimension when 'status' then t.status else t.plan end = v.key
  group by v.ord, v.dimension, v.key
  order by v.ord;
end;
$$;
comment on function public.admin_analytics_projects() is
  'Admins: projects per status and per plan (zeros included): count, average progress (of those with one), monthly revenue in progress.';

-- 'Equipe': the staff with their open tasks (assigned, not Concluída) and the distinct tickets they answered (a reply
-- the client can see) in the last 30 days: today and the 29 days before (America/Sao_Paulo), from
-- private.staff_reply_days.
create index tasks_assigned_to_status_idx on public.tasks (assigned_to, status);

create or replace function public.admin_team()
returns table (id uuid, full_name text, email text, open_tasks bigint, tickets_answered_30d bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select p.id, p.full_name, p.email,
         (select count(*) from public.tasks t where t.assigned_to = p.id and t.status <> 'Concluída'),
         (select coalesce(sum(d.n), 0)::bigint from private.staff_reply_days d
           where d.staff_id = p.id and d.day > (now() at time zone 'America/Sao_Paulo')::date - 30)
  from public.profiles p
  where p.id in (select private.admin_user_ids())
  order by p.full_name nulls last, p.email;
end;
$$;
comment on function public.admin_team() is 'Admins: each staff member with open tasks assigned and tickets answered in the last 30 days.';

-- 'Usuários': every account with its role (app_metadata.role, 'user' when none). Reads auth.users, hence the definer.
create or replace function private.admin_users(page_offset integer, page_limit integer)
returns table (id uuid, full_name text, email text, role text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select u.id, p.full_name, coalesce(p.email, u.email::text), coalesce(u.raw_app_meta_data ->> 'role', 'user'), u.created_at
  from auth.users u
  left join public.profiles p on p.id = u.id
  order by u.created_at desc, u.id desc
  offset greatest(coalesce(page_offset, 0), 0)
  limit least(greatest(coalesce(page_limit, 51), 1), 1000);
end;
$$;
comment on function private.admin_users(integer, integer) is 'Admins: accounts with name, e-mail, role and creation date, newest first. Called by public.admin_users.';
revoke execute on function private.admin_users(integer, integer) from public, anon;
grant execute on function private.admin_users(integer, integer) to authenticated, service_role;

create or replace function public.admin_users(page_offset integer default 0, page_limit integer default 51)
returns table (id uuid, full_name text, email text, role text, created_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.admin_users(page_offset, page_limit)
$$;
comment on function public.admin_users(integer, integer) is 'Admins: accounts (name, e-mail, role admin or user, created_at), one page newest first. Others: 403.';

-- 'Gestão de Clientes': the agency's clients (no owner), contains-search on name, e-mail and company across every
-- client (the two steps of the search RPCs), optional status and source, one page newest first, each with whether it
-- has a portal account and its account manager's name.
create or replace function private.search_agency_client_ids(
  search_term text, status_filter text, source_filter text, page_offset integer, page_limit integer
)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  filters text := '';
begin
  perform private.require_admin();
  if nullif(status_filter, '') is not null then
    filters := filters || ' and r.status = $3';
  end if;
  if nullif(source_filter, '') is not null then
    filters := filters || ' and r.source = $4';
  end if;
  -- $1 (the caller) only keeps the shared search from answering nothing; agency rows have no owner.
  return private.search_page_ids(
    'public.clients r', 'r.owner_user_id is null and $1 is not null', '(r.owner_user_id::text) is null and $1 is not null',
    '(r.full_name ilike $2 or r.email ilike $2 or r.company_name ilike $2)',
    filters, replace(filters, ' = $', ' is not distinct from $'),
    (select auth.uid()), private.contains_pattern(search_term), length(btrim(coalesce(search_term, ''))),
    nullif(status_filter, ''), nullif(source_filter, ''), page_offset, page_limit
  );
end;
$$;
comment on function private.search_agency_client_ids(text, text, text, integer, integer) is
  'Admins: one page of ids of agency clients (no owner) matching the term (trigram indexes), status and source, newest first. Called by public.admin_search_clients.';
revoke execute on function private.search_agency_client_ids(text, text, text, integer, integer) from public, anon;
grant execute on function private.search_agency_client_ids(text, text, text, integer, integer) to authenticated, service_role;

create or replace function public.admin_search_clients(
  search_term text default null, status_filter text default null, source_filter text default null,
  page_offset integer default 0, page_limit integer default 51
)
returns table (
  id uuid, full_name text, email text, phone text, company_name text, status text, source text, admin_notes text,
  created_at timestamptz, updated_at timestamptz, account_user_id uuid, account_manager_id uuid,
  has_account boolean, account_manager_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.id, c.full_name, c.email, c.phone, c.company_name, c.status, c.source, c.admin_notes, c.created_at,
         c.updated_at, c.account_user_id, c.account_manager_id, c.account_user_id is not null,
         coalesce(m.full_name, m.email)
  from unnest(private.search_agency_client_ids(search_term, status_filter, source_filter, page_offset, page_limit))
    with ordinality as r (id, ord)
  join public.clients c on c.id = r.id
  left join public.profiles m on m.id = c.account_manager_id
  order by r.ord
$$;
comment on function public.admin_search_clients(text, text, text, integer, integer) is
  'Admins: the agency''s clients (no owner; never a user''s own CRM contacts), contains-search on name/e-mail/company, status, source, one page newest first, with has_account and account_manager_name.';

do $$
declare
  fn text;
begin
  foreach fn in array array[
    'public.admin_dashboard_figures()', 'public.admin_billing(text, integer, integer)', 'public.admin_billing_totals(text)',
    'public.admin_analytics_monthly()', 'public.admin_analytics_clients()', 'public.admin_analytics_projects()',
    'public.admin_team()', 'public.admin_users(integer, integer)',
    'public.admin_search_clients(text, text, text, integer, integer)'
  ] loop
    execute format('revoke execute on function %s from public, anon', fn);
    execute format('grant execute on function %s to authenticated, service_role', fn);
  end loop;
end;
$$;
