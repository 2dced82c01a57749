-- Support tickets: a client opens them and reads them; only the agency (service role) sets the status
-- and writes the reply.

create table public.support_tickets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  subject text not null check (btrim(subject) <> ''),
  message_content text not null check (btrim(message_content) <> ''),
  status text not null default 'open' check (status in ('open', 'in_progress', 'resolved')),
  response_content text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.support_tickets is 'Client support requests; status and response_content are written by the staff only.';
comment on column public.support_tickets.response_content is 'The staff''s reply (Resposta da Equipe).';

create trigger support_tickets_set_updated_at
  before update on public.support_tickets
  for each row execute function public.set_updated_at();

create index support_tickets_user_id_created_at_idx on public.support_tickets (user_id, created_at desc);

alter table public.support_tickets enable row level security;

revoke all on table public.support_tickets from anon, authenticated;
grant select on table public.support_tickets to authenticated;
-- response_content is not insertable and status only as 'open' (policy); neither is ever updatable.
grant insert (id, user_id, subject, message_content, status) on table public.support_tickets to authenticated;
grant update (subject, message_content, updated_at) on table public.support_tickets to authenticated;

create policy "support_tickets: the owner reads their tickets"
  on public.support_tickets for select to authenticated
  using (user_id = (select auth.uid()));

create policy "support_tickets: a user opens tickets in their own name, status open"
  on public.support_tickets for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'open');

create policy "support_tickets: the owner rewords a ticket still open"
  on public.support_tickets for update to authenticated
  using (user_id = (select auth.uid()) and status = 'open')
  with check (user_id = (select auth.uid()) and status = 'open');
