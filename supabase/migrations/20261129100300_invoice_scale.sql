-- Invoices at scale (100,000 and more): the lists and the totals read only what they show.
--   * a client's list (and the billing desk filtered by client) walks the client's invoices in the list's order;
--   * the totals read the unpaid invoices (open, overdue: the few that are pending) from a partial index, and what
--     was received this month from the paid invoices' payment-time index, instead of every invoice ever issued.
create index invoices_user_issue_idx on public.invoices (user_id, issue_date desc, number desc);
create index invoices_unpaid_idx on public.invoices (status, due_date) include (total_cents, user_id)
  where status in ('open', 'overdue');

-- Same answer as before (open and overdue amounts and counts, received this month in America/Sao_Paulo, the next open
-- due date of the invoices the caller may read), each part read through its own index.
create or replace function public.invoice_totals()
returns table (
  open_cents bigint, open_count bigint, overdue_cents bigint, overdue_count bigint, received_month_cents bigint,
  next_due_date date
)
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(sum(u.total_cents) filter (where u.status = 'open'), 0)::bigint,
         count(*) filter (where u.status = 'open'),
         coalesce(sum(u.total_cents) filter (where u.status = 'overdue'), 0)::bigint,
         count(*) filter (where u.status = 'overdue'),
         (select coalesce(sum(p.total_cents), 0)::bigint
            from public.invoices p
           where p.status = 'paid'
             and p.paid_at >= (date_trunc('month', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')),
         min(u.due_date)
  from public.invoices u
  where u.status in ('open', 'overdue')
$$;
comment on function public.invoice_totals() is
  'Open and overdue amounts/counts, received this month and the next due date of the invoices the caller may read.';
