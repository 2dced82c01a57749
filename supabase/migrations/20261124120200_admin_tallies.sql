-- Agency-wide counts and sums kept by statement-level triggers, so the admin dashboard, billing totals and analytics cost
-- the same at 1,000 rows as at 100,000 (no count or sum over the tables).
--
-- One row per (relation, dimension, key):
--   clients (agency clients only: owner_user_id null)  status <status>, source <source or ''>, month <YYYY-MM>
--   projects                                           status_plan <status>/<plan or ''>, month <YYYY-MM>
--   support_tickets                                    status <status>, month <YYYY-MM>
-- with n rows, and for status_plan the sum of monthly_price (amount) and of progress over the rows that have one
-- (progress_sum, progress_n). Months are calendar months in America/Sao_Paulo of created_at.

create table private.admin_tallies (
  relation text not null check (relation in ('clients', 'projects', 'support_tickets')),
  dimension text not null check (dimension in ('status', 'source', 'month', 'status_plan')),
  key text not null,
  n bigint not null default 0,
  amount numeric not null default 0,
  progress_sum bigint not null default 0,
  progress_n bigint not null default 0,
  primary key (relation, dimension, key)
);
comment on table private.admin_tallies is
  'Agency-wide counts (agency clients, projects, tickets) per status, source, plan and month of creation; maintained by triggers, read by the admin RPCs.';

alter table private.admin_tallies enable row level security;
revoke all on table private.admin_tallies from public, anon, authenticated;
-- The admin RPCs run with the caller's rights; only admins read the tallies.
grant select on table private.admin_tallies to authenticated, service_role;

create policy "admin_tallies: admins read the agency's counts"
  on private.admin_tallies for select to authenticated
  using ((select public.is_admin()));

-- The upsert that adds `sign` times the rows of `source` (a table or a transition table, aliased r) to the tallies.
create or replace function private.admin_tally_sql(relation text, source text, sign integer)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select format(
    'insert into private.admin_tallies as t (relation, dimension, key, n, amount, progress_sum, progress_n) '
    || 'select %L, d.dimension, d.key, %s * count(*), %s * coalesce(sum(d.amount), 0), %s * coalesce(sum(d.progress), 0), '
    || '%s * count(d.progress) from (%s) d group by d.dimension, d.key '
    || 'on conflict (relation, dimension, key) do update set n = t.n + excluded.n, amount = t.amount + excluded.amount, '
    || 'progress_sum = t.progress_sum + excluded.progress_sum, progress_n = t.progress_n + excluded.progress_n',
    relation, sign, sign, sign, sign,
    case relation
      when 'clients' then format(
        'select x.dimension, x.key, null::numeric as amount, null::integer as progress from %s r '
        || 'cross join lateral (values (''status'', r.status), (''source'', coalesce(r.source, '''')), '
        || '(''month'', to_char(r.created_at at time zone ''America/Sao_Paulo'', ''YYYY-MM''))) x (dimension, key) '
        || 'where r.owner_user_id is null', source)
      when 'projects' then format(
        'select ''status_plan'' as dimension, r.status || ''/'' || coalesce(r.plan, '''') as key, r.monthly_price as amount, '
        || 'r.progress from %1$s r union all '
        || 'select ''month'', to_char(r.created_at at time zone ''America/Sao_Paulo'', ''YYYY-MM''), null, null from %1$s r', source)
      else format(
        'select x.dimension, x.key, null::numeric as amount, null::integer as progress from %s r '
        || 'cross join lateral (values (''status'', r.status), '
        || '(''month'', to_char(r.created_at at time zone ''America/Sao_Paulo'', ''YYYY-MM''))) x (dimension, key)', source)
    end
  )
$$;
comment on function private.admin_tally_sql(text, text, integer) is 'The statement that adds sign × the rows of a source to private.admin_tallies.';
revoke execute on function private.admin_tally_sql(text, text, integer) from public, anon, authenticated, service_role;

-- Security definer: the trigger writes the tallies whoever changed the table; not executable by the API roles.
create or replace function private.admin_tally()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    execute private.admin_tally_sql(tg_table_name, 'old_rows', -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    execute private.admin_tally_sql(tg_table_name, 'new_rows', 1);
  end if;
  return null;
end;
$$;
comment on function private.admin_tally() is 'AFTER statement trigger on clients, projects and support_tickets: keeps private.admin_tallies in step.';
revoke execute on function private.admin_tally() from public, anon, authenticated;

-- TRUNCATE skips row triggers: start the relation's tallies over.
create or replace function private.admin_tally_reset()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.admin_tallies where relation = tg_table_name;
  return null;
end;
$$;
comment on function private.admin_tally_reset() is 'AFTER TRUNCATE on clients, projects, support_tickets: forgets that relation''s tallies.';
revoke execute on function private.admin_tally_reset() from public, anon, authenticated;

create trigger clients_admin_tally_insert after insert on public.clients
  referencing new table as new_rows for each statement execute function private.admin_tally();
create trigger clients_admin_tally_update after update on public.clients
  referencing old table as old_rows new table as new_rows for each statement execute function private.admin_tally();
create trigger clients_admin_tally_delete after delete on public.clients
  referencing old table as old_rows for each statement execute function private.admin_tally();
create trigger clients_admin_tally_truncate after truncate on public.clients
  for each statement execute function private.admin_tally_reset();

create trigger projects_admin_tally_insert after insert on public.projects
  referencing new table as new_rows for each statement execute function private.admin_tally();
create trigger projects_admin_tally_update after update on public.projects
  referencing old table as old_rows new table as new_rows for each statement execute function private.admin_tally();
create trigger projects_admin_tally_delete after delete on public.projects
  referencing old table as old_rows for each statement execute function private.admin_tally();
create trigger projects_admin_tally_truncate after truncate on public.projects
  for each statement execute function private.admin_tally_reset();

create trigger support_tickets_admin_tally_insert after insert on public.support_tickets
  referencing new table as new_rows for each statement execute function private.admin_tally();
create trigger support_tickets_admin_tally_update after update on public.support_tickets
  referencing old table as old_rows new table as new_rows for each statement execute function private.admin_tally();
create trigger support_tickets_admin_tally_delete after delete on public.support_tickets
  referencing old table as old_rows for each statement execute function private.admin_tally();
create trigger support_tickets_admin_tally_truncate after truncate on public.support_tickets
  for each statement execute function private.admin_tally_reset();

-- Rows that existed before this migration (the same statements rebuild the tallies after a restore made with triggers
-- off: delete from private.admin_tallies, then run them again).
do $$
begin
  execute private.admin_tally_sql('clients', 'public.clients', 1);
  execute private.admin_tally_sql('projects', 'public.projects', 1);
  execute private.admin_tally_sql('support_tickets', 'public.support_tickets', 1);
end;
$$;
