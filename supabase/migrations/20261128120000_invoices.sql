-- Invoices ('Faturas') and the agency's Pix data.
--
-- Rules (row-level security, column privileges and the triggers below):
--   * money is integer centavos; an invoice's total_cents is always the database's sum of its items
--     (round(quantity * unit_cents) per item), whatever a caller sends;
--   * numbers are per year of the issue date, '2026-0001', '2026-0002', ..., given by the database from a counter
--     row per year (the row lock makes concurrent issues wait for each other: no duplicate, no gap);
--   * status: open, overdue, paid, cancelled. 'overdue' is the database's word: an open invoice whose due date is
--     before today in America/Sao_Paulo is stored as overdue on every write and by the daily billing job (and moving
--     the due date forward makes it open again); a new invoice is open or overdue, never paid or cancelled;
--   * paid and cancelled invoices never change again (nor do their items); a cancelled one keeps its number and the
--     reason (1-500 characters); marking paid needs the method (pix, transferencia, boleto, outro) and takes now as
--     the payment time unless one is given; nobody deletes an invoice;
--   * a client reads their own invoices and items; only admins (and the service role) write;
--   * every issue, edit, payment, cancellation and overdue turn goes to the activity log.
-- Plan invoices: public.generate_monthly_invoices(month) gives every project in progress with a monthly price one
-- invoice for that month (unique per project and period, however often it runs), due on the settings' billing day.

-- The agency's Pix data and billing day, in the one settings row (every signed-in user reads them: the invoice page
-- builds the BR Code in the browser).
alter table public.app_settings
  add column pix_key text,
  add column pix_receiver_name text,
  add column pix_city text,
  add column billing_day smallint not null default 10
    constraint app_settings_billing_day_check check (billing_day between 1 and 28);
comment on column public.app_settings.pix_key is
  'The agency''s Pix key, normalised: CPF or CNPJ (digits, check digits valid), e-mail (lower case), phone (+55DDD9XXXXXXXX) or random key (UUID, lower case); null = not set.';
comment on column public.app_settings.pix_receiver_name is 'Receiver name as the BR Code carries it: 1-25 characters.';
comment on column public.app_settings.pix_city is 'Receiver city as the BR Code carries it: 1-15 characters.';
comment on column public.app_settings.billing_day is 'Day of the month plan invoices fall due (1-28).';

-- CPF check digits: 11 digits, not all equal, both verification digits right.
create or replace function private.cpf_valid(doc text)
returns boolean
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  d int[];
  s int;
  r int;
begin
  if doc is null or doc !~ '^[0-9]{11}$' or doc ~ '^(.)\1{10}$' then
    return false;
  end if;
  d := array(select substr(doc, i, 1)::int from generate_series(1, 11) i);
  s := 0;
  for i in 1..9 loop s := s + d[i] * (11 - i); end loop;
  r := (s * 10) % 11;
  if r = 10 then r := 0; end if;
  if r <> d[10] then return false; end if;
  s := 0;
  for i in 1..10 loop s := s + d[i] * (12 - i); end loop;
  r := (s * 10) % 11;
  if r = 10 then r := 0; end if;
  return r = d[11];
end;
$$;
comment on function private.cpf_valid(text) is 'True for 11 digits with valid CPF check digits (all-equal digits refused).';

-- CNPJ check digits: 12 characters (digits, or upper-case letters in the alphanumeric CNPJ, each worth its ASCII
-- code minus 48) and 2 check digits, modulo 11 with the weights 5..2,9..2 and 6..2,9..2.
create or replace function private.cnpj_valid(doc text)
returns boolean
language plpgsql
immutable
security invoker
set search_path = ''
as $$
declare
  w1 int[] := array[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  w2 int[] := array[6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  v int[];
  s int;
  r int;
begin
  if doc is null or doc !~ '^[0-9A-Z]{12}[0-9]{2}$' or doc ~ '^(.)\1{13}$' then
    return false;
  end if;
  v := array(select ascii(substr(doc, i, 1)) - 48 from generate_series(1, 14) i);
  s := 0;
  for i in 1..12 loop s := s + v[i] * w1[i]; end loop;
  r := s % 11;
  if (case when r < 2 then 0 else 11 - r end) <> v[13] then return false; end if;
  s := 0;
  for i in 1..13 loop s := s + v[i] * w2[i]; end loop;
  r := s % 11;
  return (case when r < 2 then 0 else 11 - r end) = v[14];
end;
$$;
comment on function private.cnpj_valid(text) is 'True for a CNPJ (numeric or alphanumeric) whose two check digits are right.';

-- The kind of a normalised Pix key: cpf, cnpj, email, phone, evp; null when it is none of them.
create or replace function private.pix_key_kind(pix_key text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when pix_key ~ '^[0-9]{11}$' then case when private.cpf_valid(pix_key) then 'cpf' end
    when pix_key ~ '^[0-9A-Z]{12}[0-9]{2}$' then case when private.cnpj_valid(pix_key) then 'cnpj' end
    when pix_key ~ '^\+55[1-9]{2}9[0-9]{8}$' then 'phone'
    when pix_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then 'evp'
    when char_length(pix_key) <= 77
      and pix_key ~ '^[a-z0-9._%+''-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$' then 'email'
  end
$$;
comment on function private.pix_key_kind(text) is 'cpf, cnpj, email, phone or evp for a normalised Pix key; null otherwise.';

-- A Pix key as typed (dots, dashes, spaces, upper case) in its stored form.
create or replace function private.pix_key_normalized(pix_key text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when k is null or k = '' then null
    when k like '%@%' then lower(k)
    when k ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then lower(k)
    when k like '+%' then '+' || regexp_replace(k, '[^0-9]', '', 'g')
    else upper(regexp_replace(k, '[\s./()-]', '', 'g'))
  end
  from (select private.trimmed(pix_key) as k) t
$$;
comment on function private.pix_key_normalized(text) is 'Trims a Pix key; e-mail and random keys in lower case, phone as +digits, CPF/CNPJ without punctuation.';

revoke execute on function private.cpf_valid(text), private.cnpj_valid(text), private.pix_key_kind(text),
  private.pix_key_normalized(text) from public, anon;
grant execute on function private.cpf_valid(text), private.cnpj_valid(text), private.pix_key_kind(text),
  private.pix_key_normalized(text) to authenticated, service_role;

alter table public.app_settings
  add constraint app_settings_pix_key_check check (pix_key is null or private.pix_key_kind(pix_key) is not null),
  add constraint app_settings_pix_receiver_name_check check (
    pix_receiver_name is null or char_length(pix_receiver_name) between 1 and 25
  ),
  add constraint app_settings_pix_city_check check (pix_city is null or char_length(pix_city) between 1 and 15);

-- Normalises the Pix fields and explains a refusal in pt-BR (the checks above stay as the last word).
create or replace function private.app_settings_pix_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.pix_key := private.pix_key_normalized(new.pix_key);
  new.pix_receiver_name := nullif(regexp_replace(private.trimmed(new.pix_receiver_name), '\s+', ' ', 'g'), '');
  new.pix_city := nullif(regexp_replace(private.trimmed(new.pix_city), '\s+', ' ', 'g'), '');
  if new.pix_key is not null and private.pix_key_kind(new.pix_key) is null then
    raise exception using errcode = '23514',
      message = 'Chave Pix inválida: informe um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.';
  end if;
  if char_length(new.pix_receiver_name) > 25 then
    raise exception using errcode = '23514', message = 'O nome do recebedor pode ter no máximo 25 caracteres.';
  end if;
  if char_length(new.pix_city) > 15 then
    raise exception using errcode = '23514', message = 'A cidade pode ter no máximo 15 caracteres.';
  end if;
  if new.pix_key is not null and (new.pix_receiver_name is null or new.pix_city is null) then
    raise exception using errcode = '23514', message = 'Com a chave Pix, informe também o nome do recebedor e a cidade.';
  end if;
  if new.billing_day is null or new.billing_day not between 1 and 28 then
    raise exception using errcode = '23514', message = 'O dia de vencimento deve estar entre 1 e 28.';
  end if;
  return new;
end;
$$;
comment on function private.app_settings_pix_guard() is 'BEFORE INSERT/UPDATE on app_settings: normalises the Pix key, name and city; pt-BR 23514 for bad values.';
revoke execute on function private.app_settings_pix_guard() from public, anon, authenticated;

create trigger app_settings_pix_guard
  before insert or update on public.app_settings
  for each row execute function private.app_settings_pix_guard();

grant update (pix_key, pix_receiver_name, pix_city, billing_day) on table public.app_settings to authenticated;

-- Today's date for billing: America/Sao_Paulo, whatever the session's time zone.
create or replace function private.billing_today()
returns date
language sql
stable
security invoker
set search_path = ''
as $$
  select (now() at time zone 'America/Sao_Paulo')::date
$$;
comment on function private.billing_today() is 'Today in America/Sao_Paulo (the date that makes an invoice overdue).';
revoke execute on function private.billing_today() from public, anon;
grant execute on function private.billing_today() to authenticated, service_role;

-- Invoice numbers: one counter row per year.
create table private.invoice_counters (
  year integer primary key,
  last_number integer not null
);
comment on table private.invoice_counters is 'The last invoice number given in each year (reached only by private.next_invoice_number).';
revoke all on table private.invoice_counters from public, anon, authenticated, service_role;

create or replace function private.next_invoice_number(for_year integer)
returns text
language sql
security definer
set search_path = ''
as $$
  insert into private.invoice_counters as c (year, last_number) values (for_year, 1)
  on conflict (year) do update set last_number = c.last_number + 1
  returning for_year::text || '-' || lpad(last_number::text, 4, '0')
$$;
comment on function private.next_invoice_number(integer) is 'The next invoice number of a year (2026-0001, ...); the counter row lock orders concurrent callers.';
revoke execute on function private.next_invoice_number(integer) from public, anon;
-- The invoices' guard runs as the caller (an admin or the service role) and takes the number through it.
grant execute on function private.next_invoice_number(integer) to authenticated, service_role;

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  number text not null constraint invoices_number_key unique,
  user_id uuid not null constraint invoices_user_id_fkey references public.profiles (id) on delete restrict,
  project_id uuid constraint invoices_project_id_fkey references public.projects (id) on delete set null,
  period date constraint invoices_period_check check (extract(day from period) = 1),
  issue_date date not null default private.billing_today(),
  due_date date not null,
  total_cents bigint not null default 0 constraint invoices_total_cents_check check (total_cents >= 0),
  status text not null default 'open' constraint invoices_status_check check (status in ('open', 'overdue', 'paid', 'cancelled')),
  paid_at timestamptz,
  payment_method text constraint invoices_payment_method_check check (payment_method in ('pix', 'transferencia', 'boleto', 'outro')),
  pix_txid text not null constraint invoices_pix_txid_key unique constraint invoices_pix_txid_check check (pix_txid ~ '^[A-Za-z0-9]{1,25}$'),
  cancel_reason text constraint invoices_cancel_reason_check check (char_length(cancel_reason) between 1 and 500),
  created_by uuid constraint invoices_created_by_fkey references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint invoices_project_period_key unique (project_id, period),
  constraint invoices_due_after_issue_check check (due_date >= issue_date),
  constraint invoices_paid_check check ((status = 'paid') = (paid_at is not null and payment_method is not null)),
  constraint invoices_cancelled_check check ((status = 'cancelled') = (cancel_reason is not null))
);
comment on table public.invoices is
  'Invoices to a client account: the client reads their own, admins write; total = sum of the items; paid and cancelled ones are final.';
comment on column public.invoices.number is 'Readable number per year of issue (2026-0001), given by the database; kept when cancelled.';
comment on column public.invoices.period is 'The month (its first day) a plan invoice covers; null for a manual invoice.';
comment on column public.invoices.total_cents is 'Sum of the items in centavos, computed by the database.';
comment on column public.invoices.status is 'open, overdue (due date before today in America/Sao_Paulo, unpaid), paid or cancelled.';
comment on column public.invoices.pix_txid is 'The txid the invoice''s Pix BR Code carries (25 letters and digits), matched by the bank''s notification.';

create index invoices_user_id_idx on public.invoices (user_id, due_date desc);
create index invoices_project_id_idx on public.invoices (project_id);
create index invoices_created_by_idx on public.invoices (created_by);
create index invoices_issue_date_idx on public.invoices (issue_date desc, number desc);
create index invoices_status_idx on public.invoices (status, due_date);

create trigger invoices_set_updated_at
  before update on public.invoices
  for each row execute function public.set_updated_at();

create table public.invoice_items (
  id uuid primary key default gen_random_uuid(),
  invoice_id uuid not null constraint invoice_items_invoice_id_fkey references public.invoices (id) on delete cascade,
  position integer not null default 0,
  description text not null constraint invoice_items_description_check check (char_length(description) between 1 and 200),
  quantity numeric(9, 2) not null default 1 constraint invoice_items_quantity_check check (quantity > 0),
  unit_cents bigint not null constraint invoice_items_unit_cents_check check (unit_cents >= 0),
  created_at timestamptz not null default now()
);
comment on table public.invoice_items is 'Lines of an invoice (description, quantity, unit price in centavos); changed only while the invoice is open.';
create index invoice_items_invoice_id_idx on public.invoice_items (invoice_id, position);

-- The database's total of an invoice.
create or replace function private.invoice_items_total(invoice uuid)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(round(i.quantity * i.unit_cents)), 0)::bigint from public.invoice_items i where i.invoice_id = invoice
$$;
comment on function private.invoice_items_total(uuid) is 'Sum of round(quantity * unit_cents) of an invoice''s items.';
revoke execute on function private.invoice_items_total(uuid) from public, anon;
grant execute on function private.invoice_items_total(uuid) to authenticated, service_role;

-- Invoice rules that depend on the old row. Security invoker: it runs with the caller's rights.
create or replace function private.invoices_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  today date := private.billing_today();
begin
  if tg_op = 'INSERT' then
    new.issue_date := coalesce(new.issue_date, today);
    new.number := private.next_invoice_number(extract(year from new.issue_date)::integer);
    new.pix_txid := upper(left(replace(gen_random_uuid()::text, '-', ''), 25));
    new.created_by := (select p.id from public.profiles p where p.id = auth.uid());
    new.total_cents := 0;
    if new.status not in ('open', 'overdue') then
      raise exception using errcode = '23514', message = 'Uma fatura nova é emitida em aberto.';
    end if;
    new.paid_at := null;
    new.payment_method := null;
    new.cancel_reason := null;
  else
    if old.status = 'paid' then
      raise exception using errcode = '23514', message = 'Esta fatura já foi paga e não pode mais ser alterada.';
    end if;
    if old.status = 'cancelled' then
      raise exception using errcode = '23514', message = 'Esta fatura foi cancelada e não pode mais ser alterada.';
    end if;
    if new.number is distinct from old.number or new.user_id is distinct from old.user_id
       or new.pix_txid is distinct from old.pix_txid or new.issue_date is distinct from old.issue_date
       or new.created_by is distinct from old.created_by or new.created_at is distinct from old.created_at then
      raise exception using errcode = '42501', message = 'O número, o cliente, a emissão e o txid de uma fatura não mudam.';
    end if;
    new.total_cents := private.invoice_items_total(new.id);
  end if;

  if new.due_date is null then
    raise exception using errcode = '23514', message = 'Informe o vencimento da fatura.';
  end if;
  if new.due_date < new.issue_date then
    raise exception using errcode = '23514', message = 'O vencimento não pode ser antes da data de emissão.';
  end if;
  new.period := date_trunc('month', new.period)::date;
  if new.project_id is not null and not exists (
    select 1 from public.projects p where p.id = new.project_id and p.user_id = new.user_id
  ) then
    raise exception using errcode = '23514', message = 'O projeto escolhido não é deste cliente.';
  end if;

  if new.status = 'cancelled' then
    new.cancel_reason := private.trimmed(new.cancel_reason);
    if new.cancel_reason is null or new.cancel_reason = '' then
      raise exception using errcode = '23514', message = 'Informe o motivo do cancelamento.';
    end if;
    if char_length(new.cancel_reason) > 500 then
      raise exception using errcode = '23514', message = 'O motivo do cancelamento pode ter no máximo 500 caracteres.';
    end if;
    new.paid_at := null;
    new.payment_method := null;
  elsif new.status = 'paid' then
    if new.payment_method is null then
      raise exception using errcode = '23514', message = 'Informe a forma de pagamento (Pix, transferência, boleto ou outro).';
    end if;
    new.paid_at := coalesce(new.paid_at, now());
    if new.paid_at > now() + interval '1 day' then
      raise exception using errcode = '23514', message = 'A data de pagamento não pode estar no futuro.';
    end if;
    new.cancel_reason := null;
  else
    new.status := case when new.due_date < today then 'overdue' else 'open' end;
    new.paid_at := null;
    new.payment_method := null;
    new.cancel_reason := null;
  end if;
  return new;
end;
$$;
comment on function private.invoices_guard() is
  'BEFORE INSERT/UPDATE on invoices: number, txid and author by the database; total = items; paid/cancelled final; open vs overdue from the due date.';
revoke execute on function private.invoices_guard() from public, anon, authenticated;

create trigger invoices_guard
  before insert or update on public.invoices
  for each row execute function private.invoices_guard();

-- Items change only while their invoice is open or overdue; text trimmed.
create or replace function private.invoice_items_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent_status text;
begin
  select i.status into parent_status from public.invoices i
   where i.id = case when tg_op = 'DELETE' then old.invoice_id else new.invoice_id end;
  if tg_op = 'UPDATE' and new.invoice_id is distinct from old.invoice_id then
    raise exception using errcode = '42501', message = 'Um item não muda de fatura.';
  end if;
  if parent_status = 'paid' then
    raise exception using errcode = '23514', message = 'Esta fatura já foi paga e não pode mais ser alterada.';
  end if;
  if parent_status = 'cancelled' then
    raise exception using errcode = '23514', message = 'Esta fatura foi cancelada e não pode mais ser alterada.';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  new.description := private.trimmed(new.description);
  if new.description is null or new.description = '' then
    raise exception using errcode = '23514', message = 'Descreva cada item da fatura.';
  end if;
  if char_length(new.description) > 200 then
    raise exception using errcode = '23514', message = 'A descrição de um item pode ter no máximo 200 caracteres.';
  end if;
  if new.quantity is null or new.quantity <= 0 then
    raise exception using errcode = '23514', message = 'A quantidade de cada item deve ser maior que zero.';
  end if;
  if new.unit_cents is null or new.unit_cents < 0 then
    raise exception using errcode = '23514', message = 'O valor unitário não pode ser negativo.';
  end if;
  return new;
end;
$$;
comment on function private.invoice_items_guard() is 'BEFORE INSERT/UPDATE/DELETE on invoice_items: only while the invoice is open/overdue; description 1-200, quantity > 0, unit >= 0.';
revoke execute on function private.invoice_items_guard() from public, anon, authenticated;

create trigger invoice_items_guard
  before insert or update or delete on public.invoice_items
  for each row execute function private.invoice_items_guard();

-- Keeps the invoice's total equal to the sum of its items (the invoice's guard recomputes it on this update).
create or replace function private.invoice_items_retotal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid := case when tg_op = 'DELETE' then old.invoice_id else new.invoice_id end;
begin
  update public.invoices i set total_cents = private.invoice_items_total(target)
   where i.id = target and i.status in ('open', 'overdue')
     and i.total_cents is distinct from private.invoice_items_total(target);
  return null;
end;
$$;
comment on function private.invoice_items_retotal() is 'AFTER INSERT/UPDATE/DELETE on invoice_items: the invoice''s total_cents follows its items.';
revoke execute on function private.invoice_items_retotal() from public, anon, authenticated;

create trigger invoice_items_retotal
  after insert or update or delete on public.invoice_items
  for each row execute function private.invoice_items_retotal();

-- Activity: invoice_issued, invoice_updated (once per transaction, not in the one that issued it), invoice_overdue,
-- invoice_paid (detail = method), invoice_cancelled (detail = reason); pix_payment_rejected is written by the
-- reconciliation (subject = the notification).
alter table public.activity_log drop constraint activity_log_kind_check;
alter table public.activity_log add constraint activity_log_kind_check check (kind in (
  'client_signed_up', 'client_added', 'project_created', 'project_status_changed', 'project_update_posted',
  'project_document_uploaded', 'ticket_opened', 'ticket_answered', 'ticket_resolved', 'ticket_reopened',
  'invoice_issued', 'invoice_updated', 'invoice_overdue', 'invoice_paid', 'invoice_cancelled', 'pix_payment_rejected'
));

create or replace function private.log_invoice_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.log_activity('invoice_issued', new.id, new.number);
  elsif new.status = 'paid' and old.status <> 'paid' then
    perform private.log_activity('invoice_paid', new.id, new.number, new.payment_method);
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    perform private.log_activity('invoice_cancelled', new.id, new.number, new.cancel_reason);
  elsif new.status = 'overdue' and old.status = 'open' and new.due_date = old.due_date then
    perform private.log_activity('invoice_overdue', new.id, new.number);
  elsif (new.due_date, new.project_id, new.period, new.total_cents) is distinct from
        (old.due_date, old.project_id, old.period, old.total_cents)
    and old.created_at <> now()
    and not exists (
      select 1 from public.activity_log a
       where a.subject_id = new.id and a.kind = 'invoice_updated' and a.created_at = now()
    ) then
    perform private.log_activity('invoice_updated', new.id, new.number);
  end if;
  return null;
end;
$$;
comment on function private.log_invoice_activity() is
  'AFTER INSERT/UPDATE on invoices: invoice_issued, invoice_paid, invoice_cancelled, invoice_overdue, invoice_updated (once per transaction).';
revoke execute on function private.log_invoice_activity() from public, anon, authenticated;

create trigger invoices_log_activity
  after insert or update on public.invoices
  for each row execute function private.log_invoice_activity();

-- Row-level security: the client reads their own; admins read and write all; nobody deletes an invoice.
alter table public.invoices enable row level security;
alter table public.invoice_items enable row level security;

revoke all on table public.invoices from anon, authenticated;
revoke all on table public.invoice_items from anon, authenticated;
grant select on table public.invoices to authenticated;
grant insert (id, user_id, project_id, period, due_date) on table public.invoices to authenticated;
grant update (project_id, period, due_date, status, paid_at, payment_method, cancel_reason) on table public.invoices to authenticated;
grant select on table public.invoice_items to authenticated;
grant insert (id, invoice_id, position, description, quantity, unit_cents) on table public.invoice_items to authenticated;
grant update (position, description, quantity, unit_cents) on table public.invoice_items to authenticated;
grant delete on table public.invoice_items to authenticated;

create policy "invoices: the client reads their own; admins read all"
  on public.invoices for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

create policy "invoices: admins issue"
  on public.invoices for insert to authenticated
  with check ((select public.is_admin()));

create policy "invoices: admins update"
  on public.invoices for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "invoice_items: the invoice's client reads them; admins read all"
  on public.invoice_items for select to authenticated
  using (
    (select public.is_admin())
    or exists (select 1 from public.invoices i where i.id = invoice_id and i.user_id = (select auth.uid()))
  );

create policy "invoice_items: admins add"
  on public.invoice_items for insert to authenticated
  with check ((select public.is_admin()));

create policy "invoice_items: admins update"
  on public.invoice_items for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "invoice_items: admins delete"
  on public.invoice_items for delete to authenticated
  using ((select public.is_admin()));

-- Staff: an admin's session, the service role, or the database itself (a Supabase Cron job).
create or replace function private.require_staff()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_admin() then
    raise exception using errcode = '42501', message = 'Apenas a equipe da agência pode fazer isso.';
  end if;
end;
$$;
comment on function private.require_staff() is 'Raises 42501 (pt-BR) unless the caller is an admin, the service role or the database itself.';
revoke execute on function private.require_staff() from public, anon;
grant execute on function private.require_staff() to authenticated, service_role;

-- Issues or edits a manual invoice with its items in one transaction (the item list replaces the old one).
-- items: [{"description": text, "quantity": number, "unit_cents": integer}, ...], at least one.
create or replace function public.save_invoice(
  invoice_id uuid, client_id uuid, project uuid, due date, items jsonb
)
returns setof public.invoices
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  item jsonb;
  pos integer := 0;
  existing public.invoices;
begin
  perform private.require_staff();
  if items is null or jsonb_typeof(items) <> 'array' or jsonb_array_length(items) = 0 then
    raise exception using errcode = '23514', message = 'Inclua ao menos um item na fatura.';
  end if;
  if jsonb_array_length(items) > 100 then
    raise exception using errcode = '23514', message = 'Uma fatura pode ter no máximo 100 itens.';
  end if;
  select * into existing from public.invoices i where i.id = invoice_id for update;
  if found then
    if existing.user_id is distinct from client_id then
      raise exception using errcode = '42501', message = 'O número, o cliente, a emissão e o txid de uma fatura não mudam.';
    end if;
    update public.invoices i set project_id = project, due_date = due where i.id = invoice_id;
    delete from public.invoice_items it where it.invoice_id = save_invoice.invoice_id;
  else
    insert into public.invoices (id, user_id, project_id, due_date)
    values (coalesce(invoice_id, gen_random_uuid()), client_id, project, due)
    returning id into invoice_id;
  end if;
  for item in select value from jsonb_array_elements(items) loop
    pos := pos + 1;
    begin
      insert into public.invoice_items (invoice_id, position, description, quantity, unit_cents)
      values (save_invoice.invoice_id, pos, item ->> 'description', (item ->> 'quantity')::numeric, (item ->> 'unit_cents')::bigint);
    exception when invalid_text_representation or numeric_value_out_of_range then
      raise exception using errcode = '23514', message = format('O item %s tem quantidade ou valor inválido.', pos);
    end;
  end loop;
  return query select * from public.invoices i where i.id = save_invoice.invoice_id;
end;
$$;
comment on function public.save_invoice(uuid, uuid, uuid, date, jsonb) is
  'Staff: issues (new id) or edits (open invoice) a manual invoice with its items, in one transaction; returns the invoice.';
revoke execute on function public.save_invoice(uuid, uuid, uuid, date, jsonb) from public, anon;
grant execute on function public.save_invoice(uuid, uuid, uuid, date, jsonb) to authenticated, service_role;

-- The month's plan invoices: every project in progress with a monthly price gets one invoice for the month (unique per
-- project and period: running it again adds nothing), with one item, the plan's monthly fee. Due on the settings'
-- billing day of that month, or of the next month when that day has already passed. Open invoices past their due date
-- turn overdue. Returns how many invoices it issued. Staff only (admins, the service role, a cron job).
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
  return made;
end;
$$;
comment on function public.generate_monthly_invoices(date) is
  'Staff: one invoice per in-progress priced project for the month (idempotent), due on the billing day; refreshes overdue. Returns the number issued.';
revoke execute on function public.generate_monthly_invoices(date) from public, anon;
grant execute on function public.generate_monthly_invoices(date) to authenticated, service_role;

-- Figures of the invoices the caller may read (a client: their own; an admin: all): open and overdue amounts and
-- counts, received this month (paid_at in the current month of America/Sao_Paulo), and the next open due date.
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
  select coalesce(sum(i.total_cents) filter (where i.status = 'open'), 0)::bigint,
         count(*) filter (where i.status = 'open'),
         coalesce(sum(i.total_cents) filter (where i.status = 'overdue'), 0)::bigint,
         count(*) filter (where i.status = 'overdue'),
         coalesce(sum(i.total_cents) filter (
           where i.status = 'paid'
             and i.paid_at >= (date_trunc('month', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')
         ), 0)::bigint,
         min(i.due_date) filter (where i.status in ('open', 'overdue'))
  from public.invoices i
$$;
comment on function public.invoice_totals() is
  'Open and overdue amounts/counts, received this month and the next due date of the invoices the caller may read.';
revoke execute on function public.invoice_totals() from public, anon;
grant execute on function public.invoice_totals() to authenticated, service_role;
