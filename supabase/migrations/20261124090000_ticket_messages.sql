-- The support desk as a conversation. A ticket's first message stays in support_tickets.message_content; every later
-- message is a row of public.ticket_messages.
--
-- Rules (row-level security, column privileges and the triggers below):
--   * a client reads their own tickets and the messages on them that are not internal, and writes messages on their own
--     tickets (never internal); the author is always the caller;
--   * admins (app_metadata.role = 'admin') read every ticket and message, write replies and internal notes, and set the
--     status; they do not reword a client's subject or message;
--   * nobody edits or deletes a message through the API;
--   * a message from the ticket's owner is a client message; any other author is the staff;
--   * a message the client can see moves the ticket's updated_at; a client message on a resolved ticket reopens it
--     (status open); a staff reply becomes response_content and never changes the status by itself;
--   * an internal note changes nothing on the ticket: not updated_at, not response_content, not the waiting state, not
--     what the client counts as a new reply.
-- Message ids may come from the client: a retried send reuses its id, and
--   insert ... on conflict (id) do nothing   (supabase-js: upsert(row, { onConflict: 'id', ignoreDuplicates: true }))
-- stores it once and answers the retry with no row and no error. A plain insert of a used id fails with 23505 instead.

-- Text as stored by the forms: leading and trailing white space (ASCII and Unicode spaces, line breaks, zero-width
-- space, byte-order mark) removed.
create or replace function private.trimmed(value text)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select regexp_replace(
    value,
    '^[\s\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\s\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g'
  )
$$;
comment on function private.trimmed(text) is 'The text without leading and trailing white space (ASCII and Unicode).';
revoke execute on function private.trimmed(text) from public, anon;
grant execute on function private.trimmed(text) to authenticated, service_role;

-- State of the conversation kept on the ticket by the message trigger, for the lists and the counts.
alter table public.support_tickets
  add column waiting_since timestamptz,
  add column last_staff_reply_at timestamptz;
comment on column public.support_tickets.waiting_since is
  'Since when the client waits for the agency (their oldest message after the last staff reply); null once the staff replied. The ticket waits when this is set and the status is not resolved.';
comment on column public.support_tickets.last_staff_reply_at is
  'When the newest staff reply the client can see was written (internal notes excluded).';
comment on column public.support_tickets.response_content is
  'The newest staff reply the client can see (Resposta da Equipe), kept by the database from ticket_messages.';
comment on table public.support_tickets is
  'Client support requests. The owner opens and reads them; admins read all and set the status; response_content is kept by the database.';

-- Tickets that existed before: open ones with no reply wait since they were opened; an answered one was answered when
-- it last changed.
update public.support_tickets
   set waiting_since = case when response_content is null then created_at end,
       last_staff_reply_at = case when response_content is not null then updated_at end;

-- New tickets: a ticket with no reply waits from the moment it was opened. Values the service role sends are kept.
create or replace function private.support_tickets_defaults()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.response_content is null and new.status <> 'resolved' then
    new.waiting_since := coalesce(new.waiting_since, new.created_at);
  elsif new.response_content is not null then
    new.last_staff_reply_at := coalesce(new.last_staff_reply_at, new.updated_at);
  end if;
  return new;
end;
$$;
comment on function private.support_tickets_defaults() is 'BEFORE INSERT on support_tickets: waiting_since and last_staff_reply_at of a new ticket.';
revoke execute on function private.support_tickets_defaults() from public, anon, authenticated;

create trigger support_tickets_defaults
  before insert on public.support_tickets
  for each row execute function private.support_tickets_defaults();

-- Only the ticket's owner rewords it (the update policy also lets admins in, for the status).
create or replace function private.support_tickets_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is not null and old.user_id is distinct from auth.uid()
     and (new.subject is distinct from old.subject or new.message_content is distinct from old.message_content) then
    raise exception using errcode = '42501', message = 'Só quem abriu o ticket pode alterar o assunto e a mensagem.';
  end if;
  return new;
end;
$$;
comment on function private.support_tickets_guard() is 'BEFORE UPDATE on support_tickets: only the owner changes subject and message.';
revoke execute on function private.support_tickets_guard() from public, anon, authenticated;

create trigger support_tickets_guard
  before update of subject, message_content on public.support_tickets
  for each row execute function private.support_tickets_guard();

grant update (status) on table public.support_tickets to authenticated;

drop policy "support_tickets: the owner reads their tickets" on public.support_tickets;
create policy "support_tickets: the owner reads their tickets; admins read all"
  on public.support_tickets for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- A client can only keep the status 'open' (the check), so only admins change it.
drop policy "support_tickets: the owner rewords a ticket still open" on public.support_tickets;
create policy "support_tickets: the owner rewords a ticket still open; admins update any"
  on public.support_tickets for update to authenticated
  using ((user_id = (select auth.uid()) and status = 'open') or (select public.is_admin()))
  with check ((user_id = (select auth.uid()) and status = 'open') or (select public.is_admin()));

create table public.ticket_messages (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null constraint ticket_messages_ticket_id_fkey references public.support_tickets (id) on delete cascade,
  author_id uuid default auth.uid() constraint ticket_messages_author_id_fkey references public.profiles (id) on delete set null,
  body text not null constraint ticket_messages_body_check check (char_length(body) between 1 and 10000),
  internal boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table public.ticket_messages is
  'Replies on a support ticket after its first message. Owner: reads the non-internal ones and writes on own tickets; admins: read all, write replies and internal notes. Never edited or deleted through the API.';
comment on column public.ticket_messages.author_id is 'Who wrote it: always the caller. The ticket''s owner = client message; anyone else = staff. Null once the author''s account is gone.';
comment on column public.ticket_messages.body is 'Stored trimmed; 1 to 10,000 characters (code points) after trimming.';
comment on column public.ticket_messages.internal is 'A staff-only note: never visible to the client, and changes nothing the client can see.';

-- The conversation in order, and the author link.
create index ticket_messages_ticket_id_created_at_idx on public.ticket_messages (ticket_id, created_at, id);
create index ticket_messages_author_id_idx on public.ticket_messages (author_id);

-- Replies written before messages existed (response_content set by the service role) become the first staff message,
-- so the conversation shows them. Their author is unknown (null: the staff). Copied before the triggers exist: the
-- tickets keep their updated_at.
insert into public.ticket_messages (ticket_id, author_id, body, internal, created_at)
select t.id, null, private.trimmed(t.response_content), false, t.last_staff_reply_at
from public.support_tickets t
where private.trimmed(t.response_content) <> ''
  and char_length(private.trimmed(t.response_content)) <= 10000;

-- The author is the caller, whatever was sent; the body is trimmed and must say something.
create or replace function private.ticket_messages_before_insert()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    new.author_id := auth.uid();
  end if;
  new.body := private.trimmed(new.body);
  if new.body is null or new.body = '' then
    raise exception using errcode = '23514', message = 'A mensagem não pode ficar em branco.';
  end if;
  if char_length(new.body) > 10000 then
    raise exception using errcode = '23514', message = 'A mensagem pode ter no máximo 10.000 caracteres.';
  end if;
  return new;
end;
$$;
comment on function private.ticket_messages_before_insert() is 'BEFORE INSERT on ticket_messages: author := caller, body trimmed, 1-10,000 characters.';
revoke execute on function private.ticket_messages_before_insert() from public, anon, authenticated;

create trigger ticket_messages_before_insert
  before insert on public.ticket_messages
  for each row execute function private.ticket_messages_before_insert();

-- What a message changes on its ticket (see the rules at the top). Security definer: a client may not write these
-- columns, but their message must reopen the ticket and move it. The ticket row is locked, so two replies sent at once
-- both apply, one after the other.
create or replace function private.ticket_messages_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_id uuid;
begin
  if new.internal then
    return null;
  end if;
  select t.user_id into owner_id from public.support_tickets t where t.id = new.ticket_id for update;
  if new.author_id is not distinct from owner_id then
    update public.support_tickets t
       set status = case when t.status = 'resolved' then 'open' else t.status end,
           waiting_since = case when t.status = 'resolved' or t.waiting_since is null then new.created_at else t.waiting_since end
     where t.id = new.ticket_id;
  else
    update public.support_tickets t
       set response_content = case when new.created_at >= coalesce(t.last_staff_reply_at, '-infinity') then new.body
                                   else t.response_content end,
           last_staff_reply_at = greatest(new.created_at, t.last_staff_reply_at),
           waiting_since = null
     where t.id = new.ticket_id;
  end if;
  return null;
end;
$$;
comment on function private.ticket_messages_after_insert() is
  'AFTER INSERT on ticket_messages: a visible message moves the ticket; the client''s reopens it, the staff''s becomes response_content. Internal notes change nothing.';
revoke execute on function private.ticket_messages_after_insert() from public, anon, authenticated;

create trigger ticket_messages_after_insert
  after insert on public.ticket_messages
  for each row execute function private.ticket_messages_after_insert();

alter table public.ticket_messages enable row level security;

revoke all on table public.ticket_messages from anon, authenticated;
grant select on table public.ticket_messages to authenticated;
-- created_at is the server's clock; nothing is updatable or deletable.
grant insert (id, ticket_id, author_id, body, internal) on table public.ticket_messages to authenticated;

create policy "ticket_messages: the owner reads the non-internal messages of their tickets; admins read all"
  on public.ticket_messages for select to authenticated
  using (
    (select public.is_admin())
    or (not internal and ticket_id in (select t.id from public.support_tickets t where t.user_id = (select auth.uid())))
  );

create policy "ticket_messages: the owner writes on their tickets (never internal); admins write replies and notes on any"
  on public.ticket_messages for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and (
      (select public.is_admin())
      or (not internal and ticket_id in (select t.id from public.support_tickets t where t.user_id = (select auth.uid())))
    )
  );
