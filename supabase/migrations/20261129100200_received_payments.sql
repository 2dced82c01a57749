-- Analytics 'Financeiro': what the agency actually received, month by month — the paid invoices by the month of their
-- payment (paid_at in America/Sao_Paulo), in centavos — instead of the plan prices of the projects in progress.

-- Paid invoices by payment time: this report and the billing desk's 'Recebido no mês' read a range of it.
create index invoices_paid_at_idx on public.invoices (paid_at) include (total_cents) where status = 'paid';

create or replace function public.admin_analytics_received()
returns table (month date, received_cents bigint, paid_count bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  first_month timestamp := date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '11 months';
begin
  perform private.require_admin();
  return query
  select m.month::date,
         coalesce(sum(p.total_cents), 0)::bigint,
         count(p.total_cents)
  from generate_series(first_month, date_trunc('month', now() at time zone 'America/Sao_Paulo'), interval '1 month') as m (month)
  left join (
    select date_trunc('month', i.paid_at at time zone 'America/Sao_Paulo') as month, i.total_cents
      from public.invoices i
     where i.status = 'paid' and i.paid_at >= first_month at time zone 'America/Sao_Paulo'
  ) p on p.month = m.month
  group by m.month
  order by m.month;
end;
$$;
comment on function public.admin_analytics_received() is
  'Admins: received payments (paid invoices by paid_at month in America/Sao_Paulo, centavos and count), the last 12 months with zeros, oldest first.';
revoke execute on function public.admin_analytics_received() from public, anon;
grant execute on function public.admin_analytics_received() to authenticated, service_role;
