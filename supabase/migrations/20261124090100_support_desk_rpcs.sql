-- What the support screens ask the database, one request each:
--   * mark_ticket_read(ticket_id): the caller opened the ticket now (kept per user, so it holds across devices);
--   * support_unread_count(): the caller's tickets with a staff reply newer than their last opening ('Nova resposta');
--   * support_waiting_count(): admins: tickets waiting for the agency (status open or in_progress, and the last
--     message the client can see is the client's; internal notes do not count);
--   * support_inbox(...): admins: one page of the inbox, with filters, search and keyset paging;
--   * set_ticket_status(ticket_id, new_status, seen_updated_at): admins: a status change that fails when the ticket
--     changed since the caller loaded it (a lost race is reported, never silently overwritten).
-- None of them reads internal notes. With a reply, change the status first (it checks the updated_at the screen
-- loaded), then insert the message: messages never conflict.

create table public.support_ticket_reads (
  ticket_id uuid not null constraint support_ticket_reads_ticket_id_fkey references public.support_tickets (id) on delete cascade,
  user_id uuid not null constraint support_ticket_reads_user_id_fkey references public.profiles (id) on delete cascade,
  last_read_at timestamptz not null default now(),
  primary key (ticket_id, user_id)
);
comment on table public.support_ticket_reads is
  'When each user last opened each ticket. Read: own rows; written only by mark_ticket_read (always the server''s now).';
create index support_ticket_reads_user_id_idx on public.support_ticket_reads (user_id);

alter table public.support_ticket_reads enable row level security;
revoke all on table public.support_ticket_reads from anon, authenticated;
grant select on table public.support_ticket_reads to authenticated;

create policy "support_ticket_reads: a user reads their own openings"
  on public.support_ticket_reads for select to authenticated
  using (user_id = (select auth.uid()));

-- Records the opening. Security definer because nobody may write the table directly (a client could otherwise pick
-- any time); the ticket must be one the caller may read (own, or any for admins).
create or replace function private.mark_ticket_read(target uuid)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  stamp timestamptz := now();
begin
  if me is null or not exists (
    select 1 from public.support_tickets t where t.id = target and (t.user_id = me or public.is_admin())
  ) then
    raise exception using errcode = 'PT404', message = 'Ticket não encontrado.';
  end if;
  insert into public.support_ticket_reads (ticket_id, user_id, last_read_at) values (target, me, stamp)
  on conflict (ticket_id, user_id) do update set last_read_at = greatest(excluded.last_read_at, public.support_ticket_reads.last_read_at);
  return stamp;
end;
$$;
comment on function private.mark_ticket_read(uuid) is 'Stores now() as the caller''s last opening of a ticket they may read. Called by public.mark_ticket_read.';
revoke execute on function private.mark_ticket_read(uuid) from public, anon;
grant execute on function private.mark_ticket_read(uuid) to authenticated, service_role;

create or replace function public.mark_ticket_read(ticket_id uuid)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.mark_ticket_read(ticket_id)
$$;
comment on function public.mark_ticket_read(uuid) is 'The caller opened this ticket now (own ticket, or any for admins); returns the time stored. Unknown or not yours: 404 Ticket não encontrado.';
revoke execute on function public.mark_ticket_read(uuid) from public, anon;
grant execute on function public.mark_ticket_read(uuid) to authenticated, service_role;

create or replace function public.support_unread_count()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::integer
  from public.support_tickets t
  left join public.support_ticket_reads r on r.ticket_id = t.id and r.user_id = (select auth.uid())
  where t.user_id = (select auth.uid())
    and t.last_staff_reply_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
$$;
comment on function public.support_unread_count() is 'Number of the caller''s tickets with a staff reply newer than their last opening (Nova resposta).';
revoke execute on function public.support_unread_count() from public, anon;
grant execute on function public.support_unread_count() to authenticated, service_role;

-- Lists of the inbox: the waiting tickets oldest first, every ticket (or one status) by last activity, the subject
-- search, and the client name and e-mail search on profiles.
create index support_tickets_waiting_idx on public.support_tickets (waiting_since, id)
  where waiting_since is not null and status <> 'resolved';
create index support_tickets_updated_at_idx on public.support_tickets (updated_at desc, id desc);
create index support_tickets_status_updated_at_idx on public.support_tickets (status, updated_at desc, id desc);
create index support_tickets_subject_trgm_idx on public.support_tickets using gin (subject extensions.gin_trgm_ops)
  with (fastupdate = off);
create index profiles_full_name_trgm_idx on public.profiles using gin (full_name extensions.gin_trgm_ops) with (fastupdate = off);
create index profiles_email_trgm_idx on public.profiles using gin (email extensions.gin_trgm_ops) with (fastupdate = off);

create or replace function private.require_admin()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception using errcode = '42501', message = 'Apenas a equipe da agência pode fazer isso.';
  end if;
end;
$$;
comment on function private.require_admin() is 'Raises 42501 (pt-BR) unless the caller is an admin.';
revoke execute on function private.require_admin() from public, anon;
grant execute on function private.require_admin() to authenticated, service_role;

-- Counted in the definer function so the partial index answers it whatever the policies say; admins only.
create or replace function private.support_waiting_count()
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return (select count(*)::integer from public.support_tickets t where t.waiting_since is not null and t.status <> 'resolved');
end;
$$;
comment on function private.support_waiting_count() is 'Admins: number of tickets waiting for the agency. Called by public.support_waiting_count.';
revoke execute on function private.support_waiting_count() from public, anon;
grant execute on function private.support_waiting_count() to authenticated, service_role;

create or replace function public.support_waiting_count()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select private.support_waiting_count()
$$;
comment on function public.support_waiting_count() is 'Admins: tickets open or in progress whose last visible message is the client''s. Others: 403.';
revoke execute on function public.support_waiting_count() from public, anon;
grant execute on function public.support_waiting_count() to authenticated, service_role;

create or replace function public.set_ticket_status(ticket_id uuid, new_status text, seen_updated_at timestamptz)
returns public.support_tickets
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  changed public.support_tickets;
begin
  perform private.require_admin();
  if new_status is null or new_status not in ('open', 'in_progress', 'resolved') then
    raise exception using errcode = '22023', message = format('Status de ticket inválido: %s.', coalesce(new_status, 'vazio')),
      hint = 'Use open, in_progress ou resolved.';
  end if;
  update public.support_tickets t set status = new_status
   where t.id = set_ticket_status.ticket_id and t.updated_at = seen_updated_at
  returning * into changed;
  if found then
    return changed;
  end if;
  if exists (select 1 from public.support_tickets t where t.id = set_ticket_status.ticket_id) then
    raise exception using errcode = 'PT409',
      message = 'Este ticket foi alterado por outra pessoa enquanto você o via. Recarregue para ver o status atual.';
  end if;
  raise exception using errcode = 'PT404', message = 'Ticket não encontrado.';
end;
$$;
comment on function public.set_ticket_status(uuid, text, timestamptz) is
  'Admins: sets the status if the ticket''s updated_at is still seen_updated_at; else 409 (changed meanwhile) or 404. Returns the ticket.';
revoke execute on function public.set_ticket_status(uuid, text, timestamptz) from public, anon;
grant execute on function public.set_ticket_status(uuid, text, timestamptz) to authenticated, service_role;
