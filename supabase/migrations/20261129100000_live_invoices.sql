-- Live invoices: the client's 'Faturas' (list, invoice page, the sidebar's open amount) and the admin's billing desk
-- update by themselves when an invoice is issued, edited, cancelled, turns overdue or is paid (by staff or by the
-- bank's Pix notification). Realtime delivers a change only to subscribers whose row-level security lets them select
-- the row: a client gets their own invoices, an admin all of them. The items change only together with their invoice
-- (its total follows them), so the invoice's change is enough for a screen to read the items again.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not (select puballtables from pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_publication_tables
                      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'invoices') then
    alter publication supabase_realtime add table public.invoices;
  end if;
end $$;
