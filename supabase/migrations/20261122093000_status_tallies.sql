-- Per-owner counts of projects and CRM clients by status, kept by statement-level triggers, so the
-- dashboard and CRM count cards cost the same at 100 rows as at 100,000 (no count over the table).

create table private.status_tallies (
  owner_id uuid not null,
  relation text not null check (relation in ('projects', 'clients')),
  status text not null,
  n integer not null default 0,
  primary key (owner_id, relation, status)
);
comment on table private.status_tallies is 'Rows per owner and status of projects (user_id) and clients (owner_user_id); maintained by triggers.';

alter table private.status_tallies enable row level security;
revoke all on table private.status_tallies from public, anon, authenticated;
-- The count RPCs run with the caller's rights and read only the caller's tallies.
grant select on table private.status_tallies to authenticated, service_role;

create policy "status_tallies: a user reads their own counts"
  on private.status_tallies for select to authenticated
  using (owner_id = (select auth.uid()));

-- Adds `delta` rows per (owner, status) group; rows with no owner are not counted.
-- Security definer: the trigger writes the tallies whoever changed the table; not executable by API roles.
create or replace function private.tally_projects()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update private.status_tallies t
       set n = t.n - d.n
      from (select o.user_id, o.status, count(*)::integer as n from old_rows o group by o.user_id, o.status) d
     where t.owner_id = d.user_id and t.relation = 'projects' and t.status = d.status;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.status_tallies (owner_id, relation, status, n)
    select i.user_id, 'projects', i.status, count(*)::integer from new_rows i group by i.user_id, i.status
    on conflict (owner_id, relation, status) do update set n = private.status_tallies.n + excluded.n;
  end if;
  return null;
end;
$$;
comment on function private.tally_projects() is 'AFTER statement trigger on projects: keeps private.status_tallies in step.';
revoke execute on function private.tally_projects() from public, anon, authenticated;

create or replace function private.tally_clients()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update private.status_tallies t
       set n = t.n - d.n
      from (
        select o.owner_user_id, o.status, count(*)::integer as n
        from old_rows o where o.owner_user_id is not null
        group by o.owner_user_id, o.status
      ) d
     where t.owner_id = d.owner_user_id and t.relation = 'clients' and t.status = d.status;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.status_tallies (owner_id, relation, status, n)
    select i.owner_user_id, 'clients', i.status, count(*)::integer
    from new_rows i where i.owner_user_id is not null
    group by i.owner_user_id, i.status
    on conflict (owner_id, relation, status) do update set n = private.status_tallies.n + excluded.n;
  end if;
  return null;
end;
$$;
comment on function private.tally_clients() is 'AFTER statement trigger on clients: keeps private.status_tallies in step.';
revoke execute on function private.tally_clients() from public, anon, authenticated;

-- TRUNCATE skips row triggers: start the relation's tallies over.
create or replace function private.tally_reset()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.status_tallies where relation = tg_table_name;
  return null;
end;
$$;
comment on function private.tally_reset() is 'AFTER TRUNCATE on projects/clients: forgets that relation''s tallies.';
revoke execute on function private.tally_reset() from public, anon, authenticated;

create trigger projects_tally_insert after insert on public.projects
  referencing new table as new_rows for each statement execute function private.tally_projects();
create trigger projects_tally_update after update on public.projects
  referencing old table as old_rows new table as new_rows for each statement execute function private.tally_projects();
create trigger projects_tally_delete after delete on public.projects
  referencing old table as old_rows for each statement execute function private.tally_projects();
create trigger projects_tally_truncate after truncate on public.projects
  for each statement execute function private.tally_reset();

create trigger clients_tally_insert after insert on public.clients
  referencing new table as new_rows for each statement execute function private.tally_clients();
create trigger clients_tally_update after update on public.clients
  referencing old table as old_rows new table as new_rows for each statement execute function private.tally_clients();
create trigger clients_tally_delete after delete on public.clients
  referencing old table as old_rows for each statement execute function private.tally_clients();
create trigger clients_tally_truncate after truncate on public.clients
  for each statement execute function private.tally_reset();

-- Rows that existed before this migration (the same two statements rebuild the tallies after a restore
-- made with triggers off: delete from private.status_tallies, then run them again).
insert into private.status_tallies (owner_id, relation, status, n)
select p.user_id, 'projects', p.status, count(*)::integer from public.projects p group by p.user_id, p.status
on conflict (owner_id, relation, status) do update set n = excluded.n;
insert into private.status_tallies (owner_id, relation, status, n)
select c.owner_user_id, 'clients', c.status, count(*)::integer from public.clients c
where c.owner_user_id is not null group by c.owner_user_id, c.status
on conflict (owner_id, relation, status) do update set n = excluded.n;

-- The count RPCs now read the tallies: same answer (every status, zero included), constant cost.
create or replace function public.project_status_counts()
returns table (status text, count integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.status, coalesce(t.n, 0)::integer
  from (values (1, 'pending'), (2, 'in-progress'), (3, 'completed')) as s (ord, status)
  left join private.status_tallies t
    on t.owner_id = (select auth.uid()) and t.relation = 'projects' and t.status = s.status
  order by s.ord
$$;

create or replace function public.client_status_counts()
returns table (status text, count integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.status, coalesce(t.n, 0)::integer
  from (values (1, 'lead'), (2, 'prospect'), (3, 'active'), (4, 'on_hold'), (5, 'completed'), (6, 'lost'))
    as s (ord, status)
  left join private.status_tallies t
    on t.owner_id = (select auth.uid()) and t.relation = 'clients' and t.status = s.status
  order by s.ord
$$;
