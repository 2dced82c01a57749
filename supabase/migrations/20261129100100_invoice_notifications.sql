-- Invoice notifications (bell and e-mail, through the notification outbox like every other notification):
--   invoice_issued    a new invoice → its client, once the issuing transaction commits (so the amount is the sum of
--                     the items it was issued with; an invoice cancelled in that same transaction notifies nobody);
--   invoice_due_soon  an open invoice due within the next 3 days (today included) → its client, written by the daily
--                     billing run (public.send_invoice_reminders, called by public.generate_monthly_invoices); not
--                     for an invoice issued that same day (its 'new invoice' already says when it falls due);
--   invoice_overdue   an overdue invoice → its client, by the same daily run;
--   invoice_paid      an invoice turning paid (by staff or by the bank's Pix notification) → every admin but the one
--                     who marked it paid.
-- Each reminder (due soon, overdue) goes out at most once per invoice, however often the run is repeated and even when
-- a due date moved forward makes the invoice open again (private.invoice_reminders remembers what was sent).
-- Titles and bodies in pt-BR name the invoice number and the amount in BRL.

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'ticket_reply', 'ticket_opened', 'ticket_message', 'project_status', 'project_progress', 'project_update',
  'project_document', 'task_assigned', 'invoice_issued', 'invoice_due_soon', 'invoice_overdue', 'invoice_paid'
));
comment on column public.notifications.kind is 'The event: ticket_reply, ticket_opened, ticket_message, project_status, project_progress, project_update, project_document, task_assigned, invoice_issued, invoice_due_soon, invoice_overdue, invoice_paid.';

-- An amount in centavos as shown in Brazil: 'R$ 1.234,56'.
create or replace function private.format_brl(cents bigint)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'R$ ' || translate(to_char(coalesce(cents, 0) / 100.0, 'FM999,999,999,999,990.00'), ',.', '.,')
$$;
comment on function private.format_brl(bigint) is 'Centavos as BRL text: 123456 → R$ 1.234,56.';
revoke execute on function private.format_brl(bigint) from public, anon, authenticated;

-- New invoice → its client. A deferred constraint trigger: it runs when the issuing transaction commits, after the
-- items (and so the total) are in, and reads the invoice as committed.
create or replace function private.notify_invoice_issued()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  inv public.invoices;
  project_title text;
begin
  select i.* into inv from public.invoices i where i.id = new.id;
  if inv.id is null or inv.status not in ('open', 'overdue') then
    return null;
  end if;
  select p.title into project_title from public.projects p where p.id = inv.project_id;
  perform private.notify(inv.user_id, inv.created_by, 'invoice_issued',
    'Nova fatura ' || inv.number || ': ' || private.format_brl(inv.total_cents),
    case when project_title is not null then 'Projeto ' || private.notification_quote(project_title) || '. ' else '' end
      || 'Vencimento em ' || to_char(inv.due_date, 'DD/MM/YYYY') || '. Pague com Pix pela página da fatura.',
    '/invoices/' || inv.id);
  return null;
end;
$$;
comment on function private.notify_invoice_issued() is 'AFTER INSERT on invoices, deferred to the commit: invoice_issued to the client.';
revoke execute on function private.notify_invoice_issued() from public, anon, authenticated;

create constraint trigger invoices_notify_issued
  after insert on public.invoices
  deferrable initially deferred
  for each row execute function private.notify_invoice_issued();

-- Paid → every admin but the one who marked it.
create or replace function private.notify_invoice_paid()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'paid' and old.status is distinct from 'paid' then
    perform private.notify_admins(auth.uid(), 'invoice_paid',
      'Fatura ' || new.number || ' paga: ' || private.format_brl(new.total_cents),
      coalesce((select coalesce(nullif(btrim(p.full_name), ''), p.email) from public.profiles p where p.id = new.user_id), 'O cliente')
        || ' pagou ' || private.format_brl(new.total_cents) || ' por '
        || case new.payment_method when 'pix' then 'Pix' when 'transferencia' then 'transferência' when 'boleto' then 'boleto'
             else 'outro meio' end
        || ' em ' || to_char(new.paid_at at time zone 'America/Sao_Paulo', 'DD/MM/YYYY') || '.',
      '/admin/invoices/' || new.id);
  end if;
  return null;
end;
$$;
comment on function private.notify_invoice_paid() is 'AFTER UPDATE OF status on invoices: invoice_paid to every admin (not the one who marked it).';
revoke execute on function private.notify_invoice_paid() from public, anon, authenticated;

create trigger invoices_notify_paid
  after update of status on public.invoices
  for each row execute function private.notify_invoice_paid();

-- What was already sent: one row per invoice and reminder.
create table private.invoice_reminders (
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  kind text not null check (kind in ('invoice_due_soon', 'invoice_overdue')),
  sent_at timestamptz not null default now(),
  primary key (invoice_id, kind)
);
comment on table private.invoice_reminders is 'The due-soon and overdue reminders already written, one per invoice and kind.';
revoke all on table private.invoice_reminders from public, anon, authenticated, service_role;

-- The reminders of the day; returns how many notifications it wrote.
create or replace function private.send_invoice_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  today date := private.billing_today();
  inv record;
  made integer := 0;
  days integer;
begin
  for inv in
    select i.*, case when i.status = 'overdue' then 'invoice_overdue' else 'invoice_due_soon' end as reminder
      from public.invoices i
     where (i.status = 'overdue' or (i.status = 'open' and i.due_date between today and today + 3 and i.issue_date < today))
       and not exists (
         select 1 from private.invoice_reminders r
          where r.invoice_id = i.id and r.kind = case when i.status = 'overdue' then 'invoice_overdue' else 'invoice_due_soon' end)
     order by i.due_date, i.number
  loop
    -- A concurrent run that got here first wins; this one writes nothing for the invoice.
    insert into private.invoice_reminders (invoice_id, kind) values (inv.id, inv.reminder) on conflict do nothing;
    continue when not found;
    if inv.reminder = 'invoice_overdue' then
      perform private.notify(inv.user_id, null, 'invoice_overdue',
        'Fatura ' || inv.number || ' vencida: ' || private.format_brl(inv.total_cents),
        'Venceu em ' || to_char(inv.due_date, 'DD/MM/YYYY') || '. Pague com Pix pela página da fatura.',
        '/invoices/' || inv.id);
    else
      days := inv.due_date - today;
      perform private.notify(inv.user_id, null, 'invoice_due_soon',
        'Fatura ' || inv.number || ' vence '
          || case days when 0 then 'hoje' when 1 then 'amanhã' else 'em ' || days || ' dias' end
          || ': ' || private.format_brl(inv.total_cents),
        'Vencimento em ' || to_char(inv.due_date, 'DD/MM/YYYY') || '. Pague com Pix pela página da fatura.',
        '/invoices/' || inv.id);
    end if;
    made := made + 1;
  end loop;
  return made;
end;
$$;
comment on function private.send_invoice_reminders() is
  'Writes the due-soon (open, due within 3 days) and overdue notifications not yet sent, once per invoice; returns how many.';
revoke execute on function private.send_invoice_reminders() from public, anon;
-- Called by public.generate_monthly_invoices (staff only); the private schema is not exposed to the API.
grant execute on function private.send_invoice_reminders() to authenticated, service_role;

-- The daily billing run: as before, and then the reminders.
-- The month's plan invoices: every project in progress with a monthly price gets one invoice for the month (unique per
-- project and period: running it again adds nothing), with one item, the plan's monthly fee. Due on the settings'
-- billing day of that month, or of the next month when that day has already passed. Open invoices past their due date
-- turn overdue, and the day's invoice reminders go out (due within 3 days, overdue; once per invoice). Returns how many
-- invoices it issued. Staff only (admins, the service role, a cron job).
create or replace function public.generate_monthly_invoices(for_month date default null)
returns integer
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  today date := private.billing_today();
  period_start date := date_trunc('month', coalesce(for_month, today))::date;
  day integer := coalesce((select s.billing_day from public.app_settings s limit 1), 10);
  due date := period_start + (day - 1);
  months text[] := array['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro',
    'outubro', 'novembro', 'dezembro'];
  made integer := 0;
  project record;
  new_id uuid;
begin
  perform private.require_staff();
  if due < today then
    due := (due + interval '1 month')::date;
  end if;
  -- One run at a time: a concurrent run waits and then finds the invoices made.
  perform pg_advisory_xact_lock(7321, 1);
  for project in
    select p.id, p.user_id, p.title, p.plan, p.monthly_price from public.projects p
     where p.status = 'in-progress' and p.monthly_price > 0
       and not exists (select 1 from public.invoices i where i.project_id = p.id and i.period = period_start)
     order by p.created_at, p.id
  loop
    insert into public.invoices (user_id, project_id, period, due_date)
    values (project.user_id, project.id, period_start, greatest(due, today))
    returning id into new_id;
    insert into public.invoice_items (invoice_id, position, description, quantity, unit_cents)
    values (new_id, 1, left(format('Mensalidade %s (%s/%s): %s',
        case project.plan when 'essential' then 'Pacote Essencial IA' when 'advanced' then 'Pacote Avançado IA'
          when 'premium' then 'Pacote Premium IA' when 'enterprise' then 'Pacote Corporativo IA' else 'do projeto' end,
        months[extract(month from period_start)::integer], extract(year from period_start)::integer, project.title), 200),
      1, round(project.monthly_price * 100)::bigint);
    made := made + 1;
  end loop;
  update public.invoices i set status = 'overdue' where i.status = 'open' and i.due_date < today;
  perform private.send_invoice_reminders();
  return made;
end;
$$;
comment on function public.generate_monthly_invoices(date) is
  'Staff: one invoice per in-progress priced project for the month (idempotent), due on the billing day; refreshes overdue; sends the invoice reminders. Returns the number issued.';
revoke execute on function public.generate_monthly_invoices(date) from public, anon;
grant execute on function public.generate_monthly_invoices(date) to authenticated, service_role;

