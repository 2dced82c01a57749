-- Pix reconciliation: the bank's payment notifications (the Central Bank's Pix API webhook, one item of its "pix"
-- list at a time) recorded and matched to invoices by txid.
--
-- Rules:
--   * public.record_pix_payment(item) is for the service role only (the pix-webhook Edge Function); it records every
--     notification in public.pix_notifications with its outcome and answers that outcome:
--       paid             the txid is an open or overdue invoice's and the amount ("valor", reais with two decimals)
--                        equals its total: the invoice is paid by Pix at the notification's time ("horario");
--       amount_mismatch  the amount differs from the total: nothing changes;
--       unknown_txid     no invoice has that txid: nothing changes;
--       not_payable      the invoice is already paid or cancelled: nothing changes;
--       replay           an endToEndId already recorded (the bank retries): nothing changes;
--       invalid          no endToEndId or an amount that is not a decimal in reais: nothing changes;
--   * every outcome but paid also writes pix_payment_rejected to the activity log (label: invoice number or txid,
--     detail: the outcome), so staff see it;
--   * admins read the notifications; nobody writes them through the API.

create table public.pix_notifications (
  id uuid primary key default gen_random_uuid(),
  received_at timestamptz not null default now(),
  end_to_end_id text,
  txid text,
  amount_cents bigint,
  paid_at timestamptz,
  outcome text not null constraint pix_notifications_outcome_check check (outcome in (
    'paid', 'amount_mismatch', 'unknown_txid', 'not_payable', 'replay', 'invalid'
  )),
  invoice_id uuid constraint pix_notifications_invoice_id_fkey references public.invoices (id) on delete set null,
  payload jsonb not null
);
comment on table public.pix_notifications is
  'Every Pix payment notification the bank sent, with what it did (outcome); admins read it, only the service role writes.';
create index pix_notifications_invoice_id_idx on public.pix_notifications (invoice_id);
create index pix_notifications_end_to_end_id_idx on public.pix_notifications (end_to_end_id);
create unique index pix_notifications_paid_key on public.pix_notifications (end_to_end_id) where outcome = 'paid';
create index pix_notifications_received_at_idx on public.pix_notifications (received_at desc);

alter table public.pix_notifications enable row level security;
revoke all on table public.pix_notifications from anon, authenticated;
grant select on table public.pix_notifications to authenticated;

create policy "pix_notifications: admins read them"
  on public.pix_notifications for select to authenticated
  using ((select public.is_admin()));

create or replace function private.log_pix_rejection(notification uuid, subject_label text, outcome text)
returns void
language sql
security definer
set search_path = ''
as $$
  select private.log_activity('pix_payment_rejected', notification, subject_label, outcome)
$$;
comment on function private.log_pix_rejection(uuid, text, text) is 'Writes pix_payment_rejected to the activity log.';
revoke execute on function private.log_pix_rejection(uuid, text, text) from public, anon, authenticated;
grant execute on function private.log_pix_rejection(uuid, text, text) to service_role;

create or replace function public.record_pix_payment(item jsonb)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  e2e text := nullif(private.trimmed(item ->> 'endToEndId'), '');
  tx text := nullif(private.trimmed(item ->> 'txid'), '');
  amount text := private.trimmed(item ->> 'valor');
  cents bigint;
  at timestamptz;
  invoice public.invoices;
  result text;
  notification uuid := gen_random_uuid();
begin
  if amount ~ '^[0-9]{1,13}\.[0-9]{2}$' then
    cents := (replace(amount, '.', ''))::bigint;
  end if;
  begin
    at := (item ->> 'horario')::timestamptz;
  exception when others then
    at := null;
  end;
  if e2e is null or cents is null then
    result := 'invalid';
  else
    if tx is not null then
      select * into invoice from public.invoices i where i.pix_txid = tx for update;
    end if;
    if exists (select 1 from public.pix_notifications n where n.end_to_end_id = e2e) then
      result := 'replay';
    elsif invoice.id is null then
      result := 'unknown_txid';
    elsif invoice.status not in ('open', 'overdue') then
      result := 'not_payable';
    elsif cents <> invoice.total_cents then
      result := 'amount_mismatch';
    else
      update public.invoices i
         set status = 'paid', payment_method = 'pix', paid_at = least(coalesce(at, now()), now())
       where i.id = invoice.id;
      result := 'paid';
    end if;
  end if;
  insert into public.pix_notifications (id, end_to_end_id, txid, amount_cents, paid_at, outcome, invoice_id, payload)
  values (notification, e2e, tx, cents, at, result, invoice.id, coalesce(item, 'null'::jsonb));
  if result <> 'paid' then
    perform private.log_pix_rejection(notification, coalesce(invoice.number, tx, e2e, 'Pix'), result);
  end if;
  return result;
end;
$$;
comment on function public.record_pix_payment(jsonb) is
  'Service role (pix-webhook): records one Pix notification and pays the matching invoice when the amount matches; returns the outcome.';
revoke execute on function public.record_pix_payment(jsonb) from public, anon, authenticated;
grant execute on function public.record_pix_payment(jsonb) to service_role;
