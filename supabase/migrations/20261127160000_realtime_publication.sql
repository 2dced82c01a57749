-- Live screens: the tables whose changes Supabase Realtime streams to signed-in browsers (postgres_changes). Realtime
-- delivers a change only to subscribers whose row-level security lets them select the row, and only the columns
-- they may select, so adding a table here exposes nothing its policies and grants do not already expose.
-- Idempotent: a hosted project already has the publication (empty); a publication FOR ALL TABLES needs nothing.
do $$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if (select puballtables from pg_publication where pubname = 'supabase_realtime') then
    return;
  end if;
  foreach t in array array['support_tickets', 'ticket_messages', 'projects', 'project_updates', 'project_documents'] loop
    if not exists (
      select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end $$;
