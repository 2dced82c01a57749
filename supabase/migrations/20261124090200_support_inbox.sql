-- The agency's support inbox (admins only): one page of tickets with the client's name and e-mail.
--
-- Views: waiting_only (the default) = tickets waiting for the agency (status open or in_progress and the last message
-- the client can see is the client's), oldest waiting first (waiting_since, id); otherwise every ticket by last
-- activity, newest first (updated_at desc, id desc). status_filter narrows either view to one status.
-- search_term (optional, matched literally, case-insensitive) keeps the tickets whose subject, client name or client
-- e-mail contains it, across every ticket of the view, not only one page.
-- Paging is by key: pass the sort_at and id of the last row received as after_at / after_id for the next page
-- (page_limit 1..1000; the screens ask one more row than the page to know whether there is a next page).
--
-- Speed at 100,000 tickets: each view walks its own index in page order and stops at the page. A search first
-- matches the view's next rows (at least 1,000): a common term fills the page there. When it does not and the view
-- has more rows, the term is rare: the subject's trigram index and the tickets of the matching clients (trigram
-- indexes on profiles) give every match, and those few are sorted. As in the search RPCs of the client lists, the
-- definer function returns ids only and the exposed one reads the rows with the caller's rights.

create or replace function private.support_inbox_ids(
  status_filter text, waiting_only boolean, search_term text, after_at timestamptz, after_id uuid, page_limit integer
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
  wanted text := nullif(btrim(coalesce(status_filter, '')), '');
  pattern text := private.contains_pattern(search_term);
  view_sql text;
  order_sql text;
  match_sql text := '(t.subject ilike $2 or t.user_id = any($5))';
  clients uuid[] := '{}';
  ids uuid[];
  seen integer;
begin
  perform private.require_admin();
  if wanted is not null and wanted not in ('open', 'in_progress', 'resolved') then
    raise exception using errcode = '22023', message = format('Status de ticket inválido: %s.', wanted),
      hint = 'Use open, in_progress ou resolved.';
  end if;
  if coalesce(waiting_only, false) then
    view_sql := 't.waiting_since is not null and t.status <> ''resolved''';
    order_sql := ' order by t.waiting_since, t.id';
    if after_at is not null then
      view_sql := view_sql || ' and (t.waiting_since, t.id) > ($3, $4)';
    end if;
  else
    view_sql := 'true';
    order_sql := ' order by t.updated_at desc, t.id desc';
    if after_at is not null then
      view_sql := view_sql || ' and (t.updated_at, t.id) < ($3, $4)';
    end if;
  end if;
  if wanted is not null then
    view_sql := view_sql || ' and t.status = $1';
  end if;
  -- Missing id with a given time: start right at that time.
  after_id := coalesce(after_id, case when coalesce(waiting_only, false)
    then '00000000-0000-0000-0000-000000000000'::uuid else 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid end);

  if pattern is null then
    execute 'select array(select t.id from public.support_tickets t where ' || view_sql || order_sql || ' limit $6)'
      into ids using wanted, pattern, after_at, after_id, clients, take;
    return ids;
  end if;

  select coalesce(array_agg(p.id), '{}') into clients
  from public.profiles p where p.full_name ilike pattern or p.email ilike pattern;

  -- 1. The view's next `span` rows, in page order: a common term fills the page among them.
  execute 'select array(select t.id from (select t.* from public.support_tickets t where ' || view_sql || order_sql
      || ' limit $7) t where ' || match_sql || order_sql || ' limit $6)'
    into ids using wanted, pattern, after_at, after_id, clients, take, span;
  if cardinality(ids) = take then
    return ids;
  end if;
  execute 'select count(*)::integer from (select 1 from public.support_tickets t where ' || view_sql || ' limit $7) w'
    into seen using wanted, pattern, after_at, after_id, clients, take, span;
  if seen < span then
    return ids;
  end if;
  -- 2. A rare term: every match through the trigram index and the clients' tickets (ordered index walks off).
  perform set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
    set_config('enable_indexonlyscan', 'off', true);
  execute 'select array(select t.id from public.support_tickets t where ' || match_sql || ' and ' || view_sql
      || order_sql || ' limit $6)'
    into ids using wanted, pattern, after_at, after_id, clients, take;
  perform set_config('enable_seqscan', 'on', true), set_config('enable_indexscan', 'on', true),
    set_config('enable_indexonlyscan', 'on', true);
  return ids;
end;
$$;
comment on function private.support_inbox_ids(text, boolean, text, timestamptz, uuid, integer) is
  'Admins: one page of ticket ids of the support inbox (view, status, search, keyset). Called by public.support_inbox.';
revoke execute on function private.support_inbox_ids(text, boolean, text, timestamptz, uuid, integer) from public, anon;
grant execute on function private.support_inbox_ids(text, boolean, text, timestamptz, uuid, integer) to authenticated, service_role;

create or replace function public.support_inbox(
  status_filter text default null, waiting_only boolean default true, search_term text default null,
  after_at timestamptz default null, after_id uuid default null, page_limit integer default 51
)
returns table (
  id uuid, subject text, status text, user_id uuid, client_name text, client_email text,
  waiting_since timestamptz, last_activity_at timestamptz, created_at timestamptz, sort_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.id, t.subject, t.status, t.user_id, p.full_name, p.email,
         case when t.status <> 'resolved' then t.waiting_since end,
         t.updated_at, t.created_at,
         case when coalesce(waiting_only, false) then t.waiting_since else t.updated_at end
  from unnest(private.support_inbox_ids(status_filter, waiting_only, search_term, after_at, after_id, page_limit))
    with ordinality as r (id, ord)
  join public.support_tickets t on t.id = r.id
  left join public.profiles p on p.id = t.user_id
  order by r.ord
$$;
comment on function public.support_inbox(text, boolean, text, timestamptz, uuid, integer) is
  'Admins: one page of the support inbox: waiting tickets oldest first (default) or all by last activity; status filter; search by subject or client name/e-mail; next page after (sort_at, id). Others: 403.';
revoke execute on function public.support_inbox(text, boolean, text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.support_inbox(text, boolean, text, timestamptz, uuid, integer) to authenticated, service_role;
