-- local-supabase's capture of row changes for /realtime/v1. A hosted project streams the tables of the publication
-- supabase_realtime through logical replication; PGlite has none, so each table of that publication gets an AFTER
-- row trigger that queues the change here and notifies the server, which drains the queue once the transaction
-- commits (a rolled-back transaction queues and notifies nothing). Applied on every start; idempotent. Never part of
-- a hosted project.

create table if not exists local_supabase.realtime_changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default clock_timestamp()
);
revoke all on table local_supabase.realtime_changes from public;

create or replace function local_supabase.realtime_capture() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  insert into local_supabase.realtime_changes (schema_name, table_name, type, record, old_record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  -- One notification per transaction (identical payloads are folded), delivered at commit.
  perform pg_notify('local_supabase_realtime', '');
  return null;
end $$;
revoke execute on function local_supabase.realtime_capture() from public;

-- Puts the capture trigger on every table of the publication and takes it off tables that left it.
create or replace function local_supabase.realtime_sync_triggers() returns void
language plpgsql set search_path = pg_catalog as $$
declare
  t record;
begin
  for t in
    select p.schemaname, p.tablename
    from pg_publication_tables p
    join pg_class c on c.relname = p.tablename
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
    where p.pubname = 'supabase_realtime'
      and c.relkind = 'r'
      and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'local_supabase_realtime_capture')
  loop
    execute format(
      'create trigger local_supabase_realtime_capture after insert or update or delete on %I.%I '
      'for each row execute function local_supabase.realtime_capture()',
      t.schemaname, t.tablename);
  end loop;
  for t in
    select n.nspname as schemaname, c.relname as tablename
    from pg_trigger g
    join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where g.tgname = 'local_supabase_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger local_supabase_realtime_capture on %I.%I', t.schemaname, t.tablename);
  end loop;
end $$;
revoke execute on function local_supabase.realtime_sync_triggers() from public;
